/**
 * Stored fields read defensively: `check-data` may meet documents of another shape (an older
 * version, another product's collection of the same name). A field of the wrong type reads as a
 * neutral value, so the document is judged (and reported) instead of crashing the run.
 */
export const asNumber = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
export const asString = (value: unknown): string => (typeof value === 'string' ? value : '');
export const asDate = (value: unknown): Date => (value instanceof Date ? value : new Date(0));
export const asNullableDate = (value: unknown): Date | null => (value instanceof Date ? value : null);
export const asNullableString = (value: unknown): string | null => (typeof value === 'string' ? value : null);
/** A document's `_id` as text: ours are strings, another product's may be ObjectIds or numbers. */
export const idText = (value: unknown): string => (typeof value === 'string' ? value : String(value));
