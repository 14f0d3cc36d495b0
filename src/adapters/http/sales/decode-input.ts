import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import { decodeQuery, type UnknownParameters } from '../shared/decoding/query-decoding';
import { problemsOf } from '../shared/errors/input-problems';
import { HttpError } from '../shared/errors/http-error';

/**
 * Decodes a body or query with an io-ts codec, or throws the 400 of spec part 7 with one message per
 * problem (returned in `error` outside production, kept in the API event log always).
 */
export function decodeInput<A>(codec: t.Decoder<unknown, A>, input: unknown, what = 'body'): A {
  const result = codec.decode(requireJsonObject(input, what));
  if (E.isRight(result)) return result.right;
  throw invalidInput(validationMessagesOf(result.left));
}

/** The 400 of spec part 7 with one message per problem. */
export const invalidInput = (messages: readonly string[]): HttpError =>
  new HttpError(400, 'Validation failed', { validation: messages });

/** A body or query that is not a JSON object is refused before any field is looked at. */
export function requireJsonObject(input: unknown, what: string): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw invalidInput([`${what} must be a JSON object`]);
  return input as Record<string, unknown>;
}

/** One message per problem, `<field> <what is wrong>`, for handlers that add their own checks to the same 400 (SDR). */
export function validationMessagesOf(errors: t.Errors): string[] {
  return [...new Set(problemsOf(errors).map((problem) => problem.message))];
}

/**
 * Decodes a query with its codec (CONTRACT 7 "Query parameters"), or throws the 400 of spec part 7
 * with one message per problem; `check` adds the route's own rules (a date range) to the same 400.
 */
export function decodeQueryInput<A>(
  codec: t.Type<A, unknown>,
  query: Readonly<Record<string, unknown>>,
  unknown: UnknownParameters,
  check: (value: A) => readonly string[] = () => [],
): A {
  const { value, problems } = decodeQuery(codec, query, unknown);
  const messages = [...problems.map((problem) => problem.message), ...(value === undefined ? [] : check(value))];
  if (messages.length > 0 || value === undefined) throw invalidInput([...new Set(messages)]);
  return value;
}
