import * as t from 'io-ts';
import { integerFromString } from './codecs';
import { Integer } from '../openapi/json-schema';

/** The paging of every paginated list (both services): `page` from 1, `limit` 1 to 100. */
export const PAGING = { maxPage: 1_000_000, maxLimit: 100, defaultLimit: 20 } as const;

/** `page` (default 1) and `limit` (1 to 100, default 20) of the paginated lists. */
export const PageQuery = t.type({
  page: integerFromString({ min: 1, max: PAGING.maxPage, fallback: 1 }),
  limit: integerFromString({ min: 1, max: PAGING.maxLimit, fallback: PAGING.defaultLimit }),
});

/** The list envelope of the paginated lists (sales service). */
export const pageView = <C extends t.Mixed>(item: C) =>
  t.type({ data: t.array(item), total: Integer, page: Integer, limit: Integer, hasMore: t.boolean });

/** The list envelope of the paginated lists (sales service). */
export function pageBody<T, B>(
  page: { items: readonly T[]; total: number },
  query: { page: number; limit: number },
  view: (item: T) => B,
) {
  return {
    data: page.items.map(view),
    total: page.total,
    page: query.page,
    limit: query.limit,
    hasMore: query.page * query.limit < page.total,
  };
}
