import * as t from 'io-ts';
import { withSchema } from './openapi/json-schema';

const PositiveIntFromString = (name: string, min: number, max: number, fallback: number) =>
  withSchema(new t.Type<number, string, unknown>(
    name,
    (u): u is number => typeof u === 'number',
    (u, c) => {
      if (u === undefined) return t.success(fallback);
      const n = typeof u === 'string' && /^\d+$/.test(u) ? Number(u) : NaN;
      return n >= min && n <= max ? t.success(n) : t.failure(u, c, `must be an integer from ${min} to ${max}`);
    },
    String,
  ), { type: 'integer', minimum: min, maximum: max, default: fallback });

/** `page` (default 1) and `limit` (1 to 100, default 20) of the paginated lists. */
export const PageQuery = t.type({
  page: PositiveIntFromString('page', 1, 1_000_000, 1),
  limit: PositiveIntFromString('limit', 1, 100, 20),
});
