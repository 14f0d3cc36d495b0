/**
 * Flattens a JSON payload into dotted paths with string values (`contact.phone`, `interests.brand`),
 * the keys template conditions and message placeholders use (spec part 4, CONTRACT 6.2). Numbers and
 * booleans become their text; null, arrays and empty objects contribute nothing.
 */
export function flattenPayload(value: unknown, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return flat;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof inner === 'string') flat[path] = inner;
    else if (typeof inner === 'number' || typeof inner === 'boolean') flat[path] = String(inner);
    else if (inner !== null && typeof inner === 'object' && !Array.isArray(inner))
      Object.assign(flat, flattenPayload(inner, path));
  }
  return flat;
}
