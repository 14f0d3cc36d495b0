/** Field -> messages of a payload that cannot be accepted (the hub's `details`, spec part 7). */
export type PayloadErrors = Record<string, string[]>;

export function addError(errors: PayloadErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

export const isObject = (u: unknown): u is Record<string, unknown> =>
  u !== null && typeof u === 'object' && !Array.isArray(u);

/** Provider ids arrive as strings or numbers; both mean the same id. */
export function idText(u: unknown): string | undefined {
  if (typeof u === 'string' && u.trim() !== '') return u.trim();
  if (typeof u === 'number' && Number.isFinite(u)) return String(u);
  return undefined;
}
