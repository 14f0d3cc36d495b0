/**
 * CONTRACT 8.5: an unknown body key is a 400 (one message per key), not silently stripped, on the
 * bodies that say so.
 */
export function unknownKeyMessages(raw: Readonly<Record<string, unknown>>, allowed: readonly string[]): string[] {
  return Object.keys(raw)
    .filter((key) => !allowed.includes(key))
    .map((key) => `${key} is not allowed`);
}
