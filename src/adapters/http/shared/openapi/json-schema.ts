import * as t from 'io-ts';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1), as plain data. */
export type JsonSchema = { readonly [keyword: string]: unknown };

export interface JsonSchemaOptions {
  /**
   * Response schemas are closed: every object gets `additionalProperties: false`, so a field a view
   * adds without its schema fails the response check of the tests. Request schemas stay open: the
   * exact codecs strip unknown members instead of refusing them.
   */
  readonly closed?: boolean;
}

const annotations = new WeakMap<t.Any, JsonSchema>();

/**
 * Gives a codec its JSON Schema. Custom codecs (`new t.Type(...)`) carry no structure the converter
 * can read, so each declares its wire form here, next to its decoder; a built-in codec may be given
 * one too (a description, a format). The converter refuses a custom codec without one.
 */
export function withSchema<C extends t.Any>(codec: C, schema: JsonSchema): C {
  annotations.set(codec, schema);
  return codec;
}

const keywords = new WeakMap<t.Any, JsonSchema>();

/**
 * Adds keywords to the schema the converter derives from a built-in codec (`maxItems` on an array,
 * `anyOf` of `required` alternatives on an object) without writing the rest of it by hand (CONTRACT
 * 11.4: the document states every rule the codec enforces).
 */
export function withKeywords<C extends t.Any>(codec: C, extra: JsonSchema): C {
  keywords.set(codec, extra);
  return codec;
}

/** A string codec of its own (so annotating it leaves `t.string` alone) with the given wire schema. */
export function stringWith(name: string, schema: JsonSchema): t.Type<string, string> {
  return withSchema(new t.Type<string, string>(name, t.string.is, t.string.validate, t.identity), {
    type: 'string',
    ...schema,
  });
}

/** A string that is an ISO 8601 timestamp (`Date#toISOString`), for views. */
export const IsoTimestamp = stringWith('IsoTimestamp', { format: 'date-time' });

/**
 * The bounds of any integer a view writes: a JavaScript number is exact up to 2^53 - 1, so no answer
 * carries a larger one (a view with a narrower range states it with `withSchema`).
 */
const SAFE_INTEGER: JsonSchema = {
  type: 'integer',
  format: 'int64',
  minimum: Number.MIN_SAFE_INTEGER,
  maximum: Number.MAX_SAFE_INTEGER,
};

/** An integer whose TypeScript type is plain `number` (views need no brand), for response schemas. */
export const Integer = withSchema(
  new t.Type<number, number>(
    'Integer',
    (u): u is number => Number.isInteger(u),
    (u, c) => (Number.isInteger(u) ? t.success(u as number) : t.failure(u, c)),
    t.identity,
  ),
  SAFE_INTEGER,
);

/** An integer (io-ts `t.Int` is a refinement of number the converter knows). */
const isInt = (codec: t.Any): boolean => codec === (t.Int as t.Any);

/** Whether a property may be left out: a codec that supplies a default makes it optional on the wire. */
const hasDefault = (schema: JsonSchema): boolean => Object.prototype.hasOwnProperty.call(schema, 'default');

/**
 * The JSON Schema of an io-ts codec's wire form, for the combinators this code base decodes with:
 * type/strict/exact, partial, intersection, union, literal, keyof, array, record, readonly,
 * string/number/boolean/null/unknown, `t.Int`, and refinements or brands (their base type, with the
 * refinement's name as description). Anything else must be annotated with `withSchema`.
 */
export function jsonSchemaOf(codec: t.Any, options: JsonSchemaOptions = {}): JsonSchema {
  const extra = keywords.get(codec);
  return extra === undefined ? derivedSchemaOf(codec, options) : { ...derivedSchemaOf(codec, options), ...extra };
}

function derivedSchemaOf(codec: t.Any, options: JsonSchemaOptions): JsonSchema {
  const annotated = annotations.get(codec);
  if (annotated !== undefined) return annotated;
  if (isInt(codec)) return { type: 'integer', format: 'int64' };
  const tag = (codec as t.Any & { readonly _tag?: string })._tag;
  const schema =
    scalarSchemaOf(codec, tag) ?? objectSchemaOf(codec, tag, options) ?? wrappingSchemaOf(codec, tag, options);
  if (schema === undefined)
    throw new Error(`no JSON Schema for the codec "${codec.name}": declare its wire form with withSchema()`);
  return schema;
}

/** Scalars, literals and keyofs: no inner codec. */
function scalarSchemaOf(codec: t.Any, tag: string | undefined): JsonSchema | undefined {
  switch (tag) {
    case 'StringType':
      return { type: 'string' };
    case 'NumberType':
      return { type: 'number' };
    case 'BooleanType':
      return { type: 'boolean' };
    case 'NullType':
      return { type: 'null' };
    case 'UnknownType':
      return {};
    case 'LiteralType': {
      const { value } = codec as unknown as t.LiteralType<string | number | boolean>;
      return { type: typeof value === 'number' ? 'number' : typeof value, const: value };
    }
    case 'KeyofType':
      return { type: 'string', enum: Object.keys((codec as unknown as t.KeyofType<Record<string, unknown>>).keys) };
    default:
      return undefined;
  }
}

/** Objects: records, interfaces (a property with a default is optional) and partials. */
function objectSchemaOf(codec: t.Any, tag: string | undefined, options: JsonSchemaOptions): JsonSchema | undefined {
  const of = (inner: t.Any) => jsonSchemaOf(inner, options);
  const object = (properties: Record<string, JsonSchema>, required: readonly string[]): JsonSchema => ({
    type: 'object',
    properties,
    ...(required.length === 0 ? {} : { required }),
    ...(options.closed === true ? { additionalProperties: false } : {}),
  });
  switch (tag) {
    case 'DictionaryType': {
      const dictionary = codec as unknown as t.DictionaryType<t.Any, t.Any>;
      return { type: 'object', additionalProperties: of(dictionary.codomain) };
    }
    case 'InterfaceType': {
      const props = (codec as unknown as t.InterfaceType<t.Props>).props;
      const properties = Object.fromEntries(Object.entries(props).map(([key, inner]) => [key, of(inner)]));
      return object(
        properties,
        Object.keys(properties).filter((key) => !hasDefault(properties[key] ?? {})),
      );
    }
    case 'PartialType': {
      const props = (codec as unknown as t.PartialType<t.Props>).props;
      return object(Object.fromEntries(Object.entries(props).map(([key, inner]) => [key, of(inner)])), []);
    }
    default:
      return undefined;
  }
}

/** Codecs around others: arrays, exact/strict/readonly, refinements, intersections and unions. */
function wrappingSchemaOf(codec: t.Any, tag: string | undefined, options: JsonSchemaOptions): JsonSchema | undefined {
  const of = (inner: t.Any) => jsonSchemaOf(inner, options);
  switch (tag) {
    case 'ArrayType':
    case 'ReadonlyArrayType':
      return { type: 'array', items: of((codec as unknown as t.ArrayType<t.Any>).type) };
    case 'ExactType':
    case 'StrictType':
    case 'ReadonlyType':
      return of((codec as unknown as t.ExactType<t.Any>).type);
    case 'RefinementType': {
      const refined = codec as unknown as t.RefinementType<t.Any>;
      return { ...of(refined.type), description: refined.name };
    }
    case 'IntersectionType':
      return intersection((codec as unknown as t.IntersectionType<t.Any[]>).types.map(of), options);
    case 'UnionType':
      return { anyOf: (codec as unknown as t.UnionType<t.Any[]>).types.map(of) };
    default:
      return undefined;
  }
}

/** Objects merge into one (so a closed intersection stays valid); anything else is `allOf`. */
function intersection(parts: readonly JsonSchema[], options: JsonSchemaOptions): JsonSchema {
  if (!parts.every((part) => part.type === 'object' && part.properties !== undefined)) {
    if (options.closed === true) throw new Error('a closed intersection must be of object codecs');
    return { allOf: parts };
  }
  const properties = Object.assign({}, ...parts.map((part) => part.properties as Record<string, JsonSchema>)) as Record<
    string,
    JsonSchema
  >;
  const required = [...new Set(parts.flatMap((part) => (part.required as string[] | undefined) ?? []))];
  return {
    type: 'object',
    properties,
    ...(required.length === 0 ? {} : { required }),
    ...(options.closed === true ? { additionalProperties: false } : {}),
  };
}
