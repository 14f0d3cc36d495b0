import * as E from 'fp-ts/Either';
import { characterCount } from '../shared/text';

/** CONTRACT 8.5: the lists a filter can be saved for. */
export const SAVED_FILTER_RESOURCES = ['sales', 'sdr-contacts', 'sdr-sessions', 'policies'] as const;
export type SavedFilterResource = (typeof SAVED_FILTER_RESOURCES)[number];

/** The saved query: a flat object of string, number or boolean values. */
export type SavedFilterQuery = Readonly<Record<string, string | number | boolean>>;

export interface SavedFilter {
  readonly id: string;
  /** The owner: only this user sees, renames or deletes it. */
  readonly userId: string;
  readonly name: string;
  readonly resource: SavedFilterResource;
  readonly query: SavedFilterQuery;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const MAX_SAVED_FILTER_NAME = 100;
/** CONTRACT 8.5: the query serialized as JSON, in bytes. */
export const MAX_SAVED_FILTER_QUERY_BYTES = 4096;

/**
 * A filter name: trimmed, 1 to 100 characters (counted as code points, so an accented name is not
 * shorter than it looks). Two names are the same when they are equal after trimming.
 */
export function parseSavedFilterName(input: string): E.Either<string, string> {
  const name = input.trim();
  if (name === '') return E.left('name must not be empty');
  if (characterCount(name) > MAX_SAVED_FILTER_NAME)
    return E.left(`name must be at most ${MAX_SAVED_FILTER_NAME} characters`);
  return E.right(name);
}

/** The query object: every value a string, a finite number or a boolean; at most 4 KiB as JSON. */
export function parseSavedFilterQuery(input: unknown): E.Either<readonly string[], SavedFilterQuery> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return E.left(['query must be an object']);
  const problems: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    const ok =
      typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
    if (!ok) problems.push(`query.${key} must be a string, a number or a boolean`);
  }
  if (problems.length > 0) return E.left(problems);
  if (new TextEncoder().encode(JSON.stringify(input)).length > MAX_SAVED_FILTER_QUERY_BYTES) {
    return E.left([`query must be at most ${MAX_SAVED_FILTER_QUERY_BYTES} bytes as JSON`]);
  }
  return E.right({ ...(input as Record<string, string | number | boolean>) });
}
