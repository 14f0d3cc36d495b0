import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { isOneOf, parseInteger } from '../domain/shared/parsers';
import { signingKeyOf } from '../adapters/webhook/signing-secret';

/**
 * The checks of single environment variables (CONTRACT section 1): each says, on one line, what is
 * wrong with a value, and `variable` turns one into an io-ts codec named after its variable.
 */

/** A metrics token shorter than this could be guessed; `openssl rand -hex 16` gives 32 characters. */
export const MIN_METRICS_TOKEN_BYTES = 16;

export type Check<A> = (raw: string) => E.Either<string, A>;

export const oneOf =
  <A extends string>(values: readonly A[]): Check<A> =>
  (raw) =>
    isOneOf(values, raw) ? E.right(raw) : E.left(`must be one of ${values.join(', ')}`);

export const integer =
  (min: number, max: number): Check<number> =>
  (raw) => {
    const n = parseInteger(raw, { min, max });
    return n === undefined ? E.left(`must be an integer from ${min} to ${max}`) : E.right(n);
  };

export const url =
  (protocols: readonly string[]): Check<string> =>
  (raw) => {
    try {
      const parsed = new URL(raw);
      return protocols.includes(parsed.protocol)
        ? E.right(raw)
        : E.left(`must be a URL with scheme ${protocols.map((p) => p.replace(/:$/, '')).join(' or ')}`);
    } catch {
      return E.left('must be an absolute URL');
    }
  };

export const nonEmpty: Check<string> = (raw) => (raw.trim().length > 0 ? E.right(raw) : E.left('must not be empty'));

export const secret =
  (minBytes: number): Check<string> =>
  (raw) =>
    Buffer.byteLength(raw, 'utf8') >= minBytes ? E.right(raw) : E.left(`must be at least ${minBytes} bytes long`);

/** CONTRACT 11.3: a secret the Standard Webhooks libraries accept, so no delivery is signed with a weak key. */
export const webhookSecret: Check<string> = (raw) => E.map(() => raw)(signingKeyOf(raw));

/**
 * CONTRACT 9.3 `CORS_ORIGINS`: comma-separated exact origins (`scheme://host[:port]`, as a browser
 * writes them in `Origin`: lower case, no path, no default port). An origin written any other way
 * would never match, so it is refused here rather than silently ignored.
 */
export const originList: Check<readonly string[]> = (raw) => {
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    let origin: string | undefined;
    try {
      const parsed = new URL(entry);
      origin = parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
    } catch {
      origin = undefined;
    }
    if (origin !== entry)
      return E.left(
        'must be a comma-separated list of origins like https://app.example.com (no path, no trailing slash, lower ' +
          'case)',
      );
  }
  return E.right(entries);
};

/** Sent as `Authorization: Bearer <token>`: printable ASCII without spaces, long enough not to be guessed. */
export const metricsToken: Check<string> = (raw) =>
  !/^[\x21-\x7e]+$/.test(raw)
    ? E.left('must be printable ASCII without spaces')
    : raw.length < MIN_METRICS_TOKEN_BYTES
      ? E.left(`must be at least ${MIN_METRICS_TOKEN_BYTES} characters long`)
      : E.right(raw);
/** A MongoDB collection name: no `$`, no NUL, not `system.*`, at most 120 bytes. */
export const collectionName: Check<string> = (raw) =>
  /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,119}$/.test(raw) && !raw.startsWith('system.')
    ? E.right(raw)
    : E.left('must be a collection name (letters, digits, _ . -)');

export const hostname: Check<string> = (raw) =>
  /^[A-Za-z0-9.:[\]-]+$/.test(raw) ? E.right(raw) : E.left('must be a host name or an IP address');

/**
 * An io-ts codec over one environment variable: absent (or empty) decodes to the default, present is
 * checked. Keeping the io-ts `Type` lets the whole environment be decoded as one `t.type` below.
 */
export function variable<A>(name: string, check: Check<A>): t.Type<A | undefined, unknown> {
  return new t.Type<A | undefined, unknown>(
    name,
    (_u): _u is A | undefined => true,
    (u, c) => {
      if (u === undefined || u === '') return t.success(undefined);
      if (typeof u !== 'string') return t.failure(u, c, 'must be a string');
      const result = check(u);
      return E.isRight(result) ? t.success(result.right) : t.failure(u, c, result.left);
    },
    (a) => a,
  );
}
