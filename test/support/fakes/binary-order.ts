/** MongoDB's order for strings without a collation: by code unit, not by locale (`localeCompare`). */
export const compareBinary = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
