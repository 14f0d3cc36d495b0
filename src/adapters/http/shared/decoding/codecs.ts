import * as t from 'io-ts';
import {
  isUuid,
  parseDateOnly,
  parseInteger,
  parseIsoDateOrTimestamp,
  WIRE_PATTERNS,
} from '../../../../domain/shared/parsers';
import { withSchema, type JsonSchema } from '../openapi/json-schema';
import { characterCount } from '../../../../domain/shared/text';

/**
 * The codecs every route decodes its body and query with, on the one set of parsers of
 * `domain/shared/parsers.ts`; each declares its wire form for the OpenAPI document.
 */

/** One of a fixed set of strings; a value outside it fails with `one of a, b, c`. */
export const oneOf = <K extends string>(values: readonly K[]) =>
  t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<K, null>, `one of ${values.join(', ')}`);

/** The codec's values or null. */
export const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

/** A string decoded by `parse`; not a string, or refused by `parse`: `message`. */
export function parsedString<A, O = string>(
  name: string,
  parse: (raw: string) => A | undefined,
  message: string,
  encode: (a: A) => O,
  schema: JsonSchema,
): t.Type<A, O> {
  return withSchema(
    new t.Type<A, O>(
      name,
      (_u): _u is A => false,
      (u, c) => {
        if (u === undefined) return t.failure(u, c, 'is required');
        const parsed = typeof u === 'string' ? parse(u) : undefined;
        return parsed === undefined ? t.failure(u, c, message) : t.success(parsed);
      },
      encode,
    ),
    schema,
  );
}

/** An ISO 8601 date (the start of that day, UTC) or timestamp, decoded to a Date. */
export const isoDateOrTimestamp = (description: string) =>
  parsedString('an ISO 8601 date', parseIsoDateOrTimestamp, 'must be an ISO 8601 date', (d) => d.toISOString(), {
    type: 'string',
    pattern: WIRE_PATTERNS.dateOrTimestamp,
    description: `${description}; a real calendar day`,
  });

/** `YYYY-MM-DD`, a real calendar date, kept as written; anything else fails with `message`. */
export const dateOnly = (message = 'must be a date (YYYY-MM-DD)') =>
  parsedString(
    'a date (YYYY-MM-DD)',
    (raw) => (parseDateOnly(raw) === undefined ? undefined : raw),
    message,
    t.identity,
    { type: 'string', format: 'date' },
  );

export const DateOnly = dateOnly();

/** A UUID string (any case), kept as written. */
export const uuidString = (schema: JsonSchema = {}) =>
  parsedString('a UUID', (raw) => (isUuid(raw) ? raw : undefined), 'must be a UUID', t.identity, {
    type: 'string',
    format: 'uuid',
    // The `uuid` format also takes a `urn:uuid:` prefix, which the parser refuses.
    pattern: WIRE_PATTERNS.uuid,
    ...schema,
  });

/**
 * A whole number written in decimal digits (a query parameter), in `min..max`; left out: `fallback` when there is one.
 */
export function integerFromString(
  range: { readonly min: number; readonly max: number; readonly fallback?: number },
  schema: JsonSchema = {},
): t.Type<number, string> {
  const { min, max, fallback } = range;
  return withSchema(
    new t.Type<number, string>(
      'an integer',
      (u): u is number => typeof u === 'number',
      (u, c) => {
        if (u === undefined && fallback !== undefined) return t.success(fallback);
        const n = typeof u === 'string' ? parseInteger(u, range) : undefined;
        return n === undefined ? t.failure(u, c, `must be an integer from ${min} to ${max}`) : t.success(n);
      },
      String,
    ),
    {
      type: 'integer',
      format: max <= 2 ** 31 - 1 && min >= -(2 ** 31) ? 'int32' : 'int64',
      minimum: min,
      maximum: max,
      ...(fallback === undefined ? {} : { default: fallback }),
      ...schema,
    },
  );
}

export interface TextRule {
  /** CONTRACT 7 "Lengths": the most characters (code points) the field takes. */
  readonly maxLength: number;
  /** At least one non-blank character. */
  readonly nonBlank?: boolean;
  readonly description?: string;
  /** Extra keywords of the wire schema (a format, a pattern). */
  readonly schema?: JsonSchema;
}

/**
 * A free-text field with its maximum length (CONTRACT 7 "Lengths"), stated as `maxLength` in the
 * document and refused beyond it; the value is kept as sent (normalizing is the domain's job).
 */
export function boundedText(rule: TextRule): t.Type<string, string> {
  const { maxLength, nonBlank = false } = rule;
  return withSchema(
    new t.Type<string, string>(
      nonBlank ? 'a non-empty string' : 'a string',
      (u): u is string => typeof u === 'string',
      (u, c) => {
        if (typeof u !== 'string') return t.failure(u, c, u === undefined ? 'is required' : 'must be a string');
        if (nonBlank && u.trim() === '') return t.failure(u, c, 'must not be empty');
        return characterCount(u) <= maxLength
          ? t.success(u)
          : t.failure(u, c, `must be at most ${maxLength} characters`);
      },
      t.identity,
    ),
    {
      type: 'string',
      ...(nonBlank ? { minLength: 1, pattern: '\\S' } : {}),
      maxLength,
      ...(rule.description === undefined
        ? nonBlank
          ? { description: 'not blank' }
          : {}
        : { description: rule.description }),
      ...rule.schema,
    },
  );
}

/**
 * CONTRACT 7 "Lengths": the most characters a free-text field takes, chosen far above what a real
 * broker writes (docs/decisions.md lists them). Fields the domain already bounds (policy numbers,
 * insurers, chat titles, saved-filter names) state the domain's own limit.
 */
export const TEXT_LIMITS = {
  /** Names, identifiers, short codes, addresses' parts, vehicle data: one line of text. */
  short: 200,
  /** E-mail addresses (RFC 5321: 254). */
  email: 254,
  /** Passwords and tokens (the password policy's maximum, spec part 5). */
  secret: 256,
  /**
   * A password presented at a hub login: hub passwords had no maximum before one was set (256, at
   * registration and reset; `hub create-user` sets none), so a login only bounds the text far above
   * any stored one instead of locking such a user out.
   */
  loginSecret: 4096,
  /** Notes and reasons written by people. */
  notes: 5000,
} as const;

/** A short free-text field (names, identifiers, addresses' parts). */
export const ShortText = boundedText({ maxLength: TEXT_LIMITS.short });
/** A short free-text field with at least one non-blank character. */
export const NonBlankText = boundedText({ maxLength: TEXT_LIMITS.short, nonBlank: true });
/** Notes and reasons. */
export const NotesText = boundedText({ maxLength: TEXT_LIMITS.notes });
/** An e-mail address as typed (its rule is the domain's). */
export const EmailText = boundedText({ maxLength: TEXT_LIMITS.email, nonBlank: true });
/** A password or token as typed. */
export const SecretText = boundedText({ maxLength: TEXT_LIMITS.secret, nonBlank: true });
