import { MongoError, MongoServerError } from 'mongodb';
import { CapacityExceededError } from '../../../../application/shared/capacity-exceeded-error';
import { isDuplicateKey } from '../../../mongo/shared/mongo-errors';
import { isDatabaseUnavailable } from './database-unavailable';
import { BodyTooLargeError, HttpError, InvalidQueryError, MalformedBodyError, RouteNotFoundError } from './http-error';

/**
 * What kind of failure reached the error middleware. Each service turns a kind into its own error
 * body with one exhaustive switch (the two specs have different error formats).
 */
export type ClassifiedError =
  | { readonly kind: 'http'; readonly error: HttpError }
  | { readonly kind: 'route-not-found'; readonly error: RouteNotFoundError }
  | { readonly kind: 'malformed-body' }
  /** CONTRACT 7 "Query parameters": one message per problem. */
  | { readonly kind: 'invalid-query'; readonly problems: InvalidQueryError['problems'] }
  | { readonly kind: 'body-too-large' }
  /** A unique constraint (MongoDB 11000, the spec's 23505). */
  | { readonly kind: 'duplicate-key' }
  /** A document-validation failure (MongoDB 121, the spec's not-null 23502). */
  | { readonly kind: 'constraint' }
  /** The database or another dependency cannot be reached (refused, timed out, no server). */
  | { readonly kind: 'unavailable' }
  /** A bounded resource (password hashing) refused the work before starting it: 503 with Retry-After. */
  | { readonly kind: 'at-capacity'; readonly retryAfterSeconds: number }
  /** Any other database error (query, index, command). */
  | { readonly kind: 'database' }
  | { readonly kind: 'missing-file' }
  | { readonly kind: 'internal' };

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ETIMEDOUT',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
]);
// ioredis with the offline queue disabled fails a command at once while the connection is down.
const REDIS_UNAVAILABLE =
  /Stream isn't writeable|Connection is closed|MaxRetriesPerRequestError|Reached the max retries/;

export function classifyError(error: unknown): ClassifiedError {
  if (error instanceof HttpError) return { kind: 'http', error };
  if (error instanceof RouteNotFoundError) return { kind: 'route-not-found', error };
  if (error instanceof MalformedBodyError) return { kind: 'malformed-body' };
  if (error instanceof InvalidQueryError) return { kind: 'invalid-query', problems: error.problems };
  if (error instanceof BodyTooLargeError) return { kind: 'body-too-large' };
  if (error instanceof CapacityExceededError)
    return { kind: 'at-capacity', retryAfterSeconds: error.retryAfterSeconds };
  if (!(error instanceof Error)) return { kind: 'internal' };
  if (isDatabaseUnavailable(error)) return { kind: 'unavailable' };
  if (isDuplicateKey(error)) return { kind: 'duplicate-key' };
  if (error instanceof MongoServerError) {
    if (error.code === 121) return { kind: 'constraint' };
    return { kind: 'database' };
  }
  if (error instanceof MongoError) return { kind: 'database' };
  const code = (error as NodeJS.ErrnoException).code;
  // SQL-state codes the spec names, for any driver that reports them.
  if (code === '23505') return { kind: 'duplicate-key' };
  if (code === '23502') return { kind: 'constraint' };
  if (code !== undefined && UNREACHABLE_CODES.has(code)) return { kind: 'unavailable' };
  if (REDIS_UNAVAILABLE.test(error.message) || error.name === 'MaxRetriesPerRequestError')
    return { kind: 'unavailable' };
  if (code === 'ENOENT') return { kind: 'missing-file' };
  return { kind: 'internal' };
}
