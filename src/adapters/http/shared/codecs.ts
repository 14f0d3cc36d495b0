import * as t from 'io-ts';

/** One of a fixed set of strings; a value outside it fails with `one of a, b, c`. */
export const oneOf = <K extends string>(values: readonly K[]) =>
  t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<K, null>, `one of ${values.join(', ')}`);

/** The codec's values or null. */
export const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

/** A query parameter given at most once: its value, or a problem when it is repeated (koa makes an array of it). */
export const singleQueryValue = (value: unknown, name: string, problems: string[]): string | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    problems.push(`${name} must be given once`);
    return undefined;
  }
  return value;
};
