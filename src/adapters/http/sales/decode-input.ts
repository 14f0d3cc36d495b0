import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { HttpError } from '../shared/http-error';
import { withSchema } from '../shared/openapi/json-schema';

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
export const invalidInput = (messages: readonly string[]): HttpError => new HttpError(400, 'Validation failed', { validation: messages });

/** A body or query that is not a JSON object is refused before any field is looked at. */
export function requireJsonObject(input: unknown, what: string): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw invalidInput([`${what} must be a JSON object`]);
  return input as Record<string, unknown>;
}

/** One message per problem, `<field> <what is wrong>`, for handlers that add their own checks to the same 400 (SDR). */
export function validationMessagesOf(errors: t.Errors): string[] {
  const messages = errors.map((error) => {
    const field = error.context
      .map((entry) => entry.key)
      .filter((key) => key !== '' && !/^\d+$/.test(key))
      .join('.');
    const name = field === '' ? 'value' : field;
    if (error.message !== undefined) return `${name} ${error.message}`;
    if (error.value === undefined) return `${name} is required`;
    const expected = error.context[error.context.length - 1]?.type.name ?? 'valid';
    return `${name} must be ${expected === 'string' ? 'a string' : expected}`;
  });
  return [...new Set(messages)];
}

/** A string with at least one non-blank character. */
export const NonBlankString = withSchema(new t.Type<string, string, unknown>(
  'a non-empty string',
  (u): u is string => typeof u === 'string' && u.trim() !== '',
  (u, c) => {
    if (typeof u === 'string') return u.trim() !== '' ? t.success(u) : t.failure(u, c, 'must not be empty');
    return t.failure(u, c, u === undefined ? 'is required' : 'must be a string');
  },
  t.identity,
), { type: 'string', minLength: 1, pattern: '\\S', description: 'not blank' });
