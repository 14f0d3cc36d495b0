import * as t from 'io-ts';
import { jsonSchemaOf, withSchema, type JsonSchema } from '../openapi/json-schema';
import { characterCount } from '../../../../domain/shared/text';

/**
 * Codecs that enforce a rule and state it in the OpenAPI document from the same definition (CONTRACT
 * 11.4): integer bounds, patterns, required alternatives. Their messages are the domain's words, so a
 * handler that also runs the domain rule reports each problem once.
 */

/**
 * A whole JSON number in `min..max` (CONTRACT 11.4: `type: integer` with its bounds in the document).
 * Not a number: `must be a number`; a fraction or out of range: `message`.
 */
export function integerIn(
  range: { readonly min: number; readonly max: number },
  message = `must be an integer from ${range.min} to ${range.max}`,
  schema: JsonSchema = {},
): t.Type<number, number> {
  const { min, max } = range;
  return withSchema(
    new t.Type<number, number>(
      'an integer',
      (u): u is number => Number.isSafeInteger(u),
      (u, c) => {
        if (typeof u !== 'number') return t.failure(u, c, u === undefined ? 'is required' : 'must be a number');
        return Number.isSafeInteger(u) && u >= min && u <= max ? t.success(u) : t.failure(u, c, message);
      },
      t.identity,
    ),
    {
      type: 'integer',
      format: max <= 2 ** 31 - 1 && min >= -(2 ** 31) ? 'int32' : 'int64',
      minimum: min,
      maximum: max,
      ...schema,
    },
  );
}

export interface PatternRule {
  /** No flags: the same text is the document's `pattern`, an ECMA-262 regular expression. */
  readonly pattern: RegExp;
  /** What a value that does not match (or is too long) is told, after the field's name. */
  readonly message: string;
  /** The most characters (code points) the value takes. */
  readonly maxLength?: number;
  readonly description?: string;
}

/** A string matching a pattern (and at most `maxLength` characters); not a string: `must be a string`. */
export function matching(rule: PatternRule): t.Type<string, string> {
  return patternCodec(rule, false) as t.Type<string, string>;
}

/** `matching`, or null. */
export function nullableMatching(rule: PatternRule): t.Type<string | null, string | null> {
  return patternCodec(rule, true);
}

function patternCodec(rule: PatternRule, nullable: boolean): t.Type<string | null, string | null> {
  const { pattern, message, maxLength } = rule;
  if (pattern.flags !== '') throw new Error(`a wire pattern has no flags: /${pattern.source}/${pattern.flags}`);
  const fits = (u: string): boolean => pattern.test(u) && (maxLength === undefined || characterCount(u) <= maxLength);
  const is = (u: unknown): u is string | null => (typeof u === 'string' && fits(u)) || (nullable && u === null);
  const wrongType = nullable ? 'must be a string or null' : 'must be a string';
  return withSchema(
    new t.Type<string | null, string | null>(
      nullable ? 'a string or null' : 'a string',
      is,
      (u, c) => {
        if (nullable && u === null) return t.success(null);
        if (typeof u !== 'string') return t.failure(u, c, u === undefined ? 'is required' : wrongType);
        return fits(u) ? t.success(u) : t.failure(u, c, message);
      },
      t.identity,
    ),
    {
      type: nullable ? ['string', 'null'] : 'string',
      pattern: pattern.source,
      ...(maxLength === undefined ? {} : { maxLength }),
      ...(rule.description === undefined ? {} : { description: rule.description }),
    },
  );
}

/**
 * An object codec that also needs at least one of `keys` (`phone` or `session_id`): the document says
 * `anyOf` of `required`, and the decode fails with `<first> or <others> is required` on the first key.
 */
export function requiringOneOf<C extends t.Mixed>(
  codec: C,
  keys: readonly [string, ...string[]],
): t.Type<t.TypeOf<C>, t.OutputOf<C>> {
  const [first, ...others] = keys;
  const present = (u: unknown): boolean =>
    typeof u === 'object' && u !== null && keys.some((key) => (u as Record<string, unknown>)[key] !== undefined);
  const required = new t.Type<t.TypeOf<C>, t.OutputOf<C>>(
    codec.name,
    (u): u is t.TypeOf<C> => codec.is(u) && present(u),
    (u, c) => {
      const decoded = codec.validate(u, c);
      if (present(u)) return decoded;
      const missing: t.ValidationError = {
        value: undefined,
        context: t.appendContext(c, first, t.unknown, undefined),
        message: `or ${others.join(' or ')} is required`,
      };
      return t.failures(decoded._tag === 'Left' ? [...decoded.left, missing] : [missing]);
    },
    codec.encode,
  );
  return withSchema(required, {
    ...jsonSchemaOf(codec),
    anyOf: keys.map((key) => ({ required: [key] })),
  });
}
