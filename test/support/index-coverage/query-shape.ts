/**
 * The shape of a filter or sort: field names and operators kept, values replaced by `?`, so that
 * one query written in the code has one shape however its values vary (what a violation names and
 * what the allow-list matches).
 */
export function shapeOf(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(shapeOf).join(', ')}]`;
  if (!isPlainObject(value)) return '?';
  const entries = Object.entries(value).map(([key, inner]) => {
    // Operands of `$in`/`$nin`/`$all` are value lists whatever their length; `$and`/`$or`/`$nor` are sub-filters.
    if (key === '$in' || key === '$nin' || key === '$all') return `${key}: ?`;
    return `${key}: ${shapeOf(inner)}`;
  });
  return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
}

/** A BSON document as the driver hands it over (not a Date, ObjectId, RegExp, Binary...). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
