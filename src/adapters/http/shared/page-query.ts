import * as t from 'io-ts';
import { Integer, withSchema } from './openapi/json-schema';

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

/** The list envelope of the paginated lists (sales service). */
export const pageView = <C extends t.Mixed>(item: C) => t.type({ data: t.array(item), total: Integer, page: Integer, limit: Integer, hasMore: t.boolean });

/** The list envelope of the paginated lists (sales service). */
export function pageBody<T, B>(page: { items: readonly T[]; total: number }, query: { page: number; limit: number }, view: (item: T) => B) {
  return { data: page.items.map(view), total: page.total, page: query.page, limit: query.limit, hasMore: query.page * query.limit < page.total };
}
