/**
 * The most items a list without paging answers (`GET /policy`, `GET /sdr/interactions`), newest
 * first: CONTRACT 11.4, stated as `maxItems` in the documents.
 */
export const UNPAGED_LIST_LIMIT = 500;

/** One page of a list: its items and how many there are in all (every list port and use case). */
export interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
}
