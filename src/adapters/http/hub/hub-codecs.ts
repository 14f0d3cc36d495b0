import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { parseEmail } from '../../../domain/hub-identity/email';
import { TEXT_LIMITS } from '../shared/decoding/codecs';
import { decodeQuery, type UnknownParameters } from '../shared/decoding/query-decoding';
import { HttpError, InvalidQueryError } from '../shared/errors/http-error';
import { withSchema, type JsonSchema } from '../shared/openapi/json-schema';
import { isOneOf } from '../../../domain/shared/parsers';
import { characterCount } from '../../../domain/shared/text';

/**
 * Field codecs whose failure message is the one the client reads. Bodies are decoded with `t.exact`
 * (unknown keys are stripped, never stored) and anything that is not a string where a string is
 * expected (`{"$ne": null}`, numbers, arrays) fails with the field's message.
 */
export function field<A>(
  name: string,
  check: (raw: string) => E.Either<string, A>,
  missing = `${name} is required`,
  schema: JsonSchema = { type: 'string' },
): t.Type<A, unknown> {
  const codec = new t.Type<A, unknown>(
    name,
    (_u): _u is A => false,
    (u, c) => {
      if (u === undefined || u === null) return t.failure(u, c, missing);
      if (typeof u !== 'string') return t.failure(u, c, `${name} must be a string`);
      const checked = check(u);
      return E.isRight(checked) ? t.success(checked.right) : t.failure(u, c, checked.left);
    },
    (a) => a,
  );
  // The wire form for the OpenAPI document: a string unless the caller says more.
  return withSchema(codec, schema);
}

/** CONTRACT 7 "Lengths": a value longer than `maxLength` characters is refused with the field's message. */
const atMost = (name: string, maxLength: number, raw: string): E.Either<string, string> =>
  characterCount(raw) <= maxLength ? E.right(raw) : E.left(`${name} must be at most ${maxLength} characters`);

export const emailField = field(
  'email',
  (raw) => {
    const email = parseEmail(raw);
    return email === undefined ? E.left('Invalid email') : E.right(email);
  },
  undefined,
  { type: 'string', format: 'email', maxLength: TEXT_LIMITS.email },
);

/** Text taken as sent, at most `maxLength` characters (a token, an e-mail checked later). */
export const rawTextField = (name: string, maxLength: number) =>
  field(name, (raw) => atMost(name, maxLength, raw), undefined, { type: 'string', maxLength });

export const passwordField = (name: string, minLength = 8, maxLength: number = TEXT_LIMITS.secret) =>
  field(
    name,
    (raw) =>
      raw.length >= minLength
        ? atMost(name, maxLength, raw)
        : E.left(`${name} must be at least ${minLength} characters`),
    undefined,
    { type: 'string', minLength, maxLength },
  );

export const textField = (name: string, maxLength: number = TEXT_LIMITS.short) =>
  field(
    name,
    (raw) => {
      const trimmed = raw.trim();
      if (trimmed === '') return E.left(`${name} must not be empty`);
      return characterCount(trimmed) <= maxLength
        ? E.right(trimmed)
        : E.left(`${name} must be at most ${maxLength} characters`);
    },
    undefined,
    { type: 'string', minLength: 1, maxLength, description: `trimmed, at most ${maxLength} characters` },
  );

export const oneOfField = <A extends string>(name: string, values: readonly A[]) =>
  field(
    name,
    (raw) => (isOneOf(values, raw) ? E.right(raw) : E.left(`${name} must be one of ${values.join(', ')}`)),
    undefined,
    { type: 'string', enum: values },
  );

/** field -> messages, from io-ts errors (the first path segment under the body). */
export function detailsOf(errors: t.Errors): Record<string, string[]> {
  const details: Record<string, string[]> = {};
  for (const error of errors) {
    const key = error.context.slice(1).find((entry) => entry.key !== '')?.key ?? 'body';
    const message = error.message ?? 'is invalid';
    const messages = (details[key] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return details;
}

const asObject = (body: unknown): unknown =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};

/** Decodes a body or throws 400 `{error: "Validation error", details}` (spec part 7). */
export function decodeBody<A>(codec: t.Type<A, unknown>, body: unknown): A {
  const decoded = codec.decode(asObject(body));
  if (E.isLeft(decoded)) throw new HttpError(400, 'Validation error', { details: detailsOf(decoded.left) });
  return decoded.right;
}

/** Decodes a body or throws 400 `{error: <first message>}` (the login shape of spec part 4). */
export function decodeBodyFirstMessage<A>(codec: t.Type<A, unknown>, body: unknown): A {
  const decoded = codec.decode(asObject(body));
  if (E.isLeft(decoded)) throw new HttpError(400, decoded.left[0]?.message ?? 'Invalid payload');
  return decoded.right;
}

/**
 * Decodes a query (CONTRACT 7 "Query parameters") or throws the 400 `{error: "Validation error", details}` of spec part
 * 7 (`hub-error-body.ts`).
 */
export function decodeHubQuery<A>(
  codec: t.Type<A, unknown>,
  query: Readonly<Record<string, unknown>>,
  unknown: UnknownParameters,
): A {
  const { value, problems } = decodeQuery(codec, query, unknown);
  if (problems.length === 0 && value !== undefined) return value;
  throw new InvalidQueryError(problems);
}
