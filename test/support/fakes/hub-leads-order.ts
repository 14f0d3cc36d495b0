/** MongoDB compares strings byte by byte, not by locale: the fakes sort ids the same way. */
export const compareIds = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** `sort({ createdAt: 1, _id: 1 })`, the order the Mongo adapters list a tenant's records in. */
export const byCreation = <T extends { readonly id: string; readonly createdAt: Date }>(a: T, b: T): number =>
  a.createdAt.getTime() - b.createdAt.getTime() || compareIds(a.id, b.id);
