import { expect } from 'chai';
import * as t from 'io-ts';
import {
  Integer,
  IsoTimestamp,
  jsonSchemaOf,
  withSchema,
} from '../../../../../src/adapters/http/shared/openapi/json-schema';

describe('io-ts codecs as JSON Schema (the OpenAPI documents derive request and response schemas from them)', () => {
  it('maps the scalar codecs, literals and keyof', () => {
    expect(jsonSchemaOf(t.string)).to.deep.equal({ type: 'string' });
    expect(jsonSchemaOf(t.number)).to.deep.equal({ type: 'number' });
    expect(jsonSchemaOf(t.boolean)).to.deep.equal({ type: 'boolean' });
    expect(jsonSchemaOf(t.null)).to.deep.equal({ type: 'null' });
    expect(jsonSchemaOf(t.unknown)).to.deep.equal({});
    expect(jsonSchemaOf(t.Int)).to.deep.equal({ type: 'integer', format: 'int64' });
    expect(jsonSchemaOf(t.literal('ok'))).to.deep.equal({ type: 'string', const: 'ok' });
    expect(jsonSchemaOf(t.literal(1))).to.deep.equal({ type: 'number', const: 1 });
    expect(jsonSchemaOf(t.literal(true))).to.deep.equal({ type: 'boolean', const: true });
    expect(jsonSchemaOf(t.keyof({ phone: null, cpf: null }))).to.deep.equal({ type: 'string', enum: ['phone', 'cpf'] });
  });

  it(
    'maps type, partial, exact, strict and readonly to objects: type members are required, partial ones are ' + 'not',
    () => {
      const codec = t.exact(t.type({ a: t.string, b: t.number }));
      expect(jsonSchemaOf(codec)).to.deep.equal({
        type: 'object',
        properties: { a: { type: 'string' }, b: { type: 'number' } },
        required: ['a', 'b'],
      });
      expect(jsonSchemaOf(t.strict({ a: t.string }))).to.deep.equal({
        type: 'object',
        properties: { a: { type: 'string' } },
        required: ['a'],
      });
      expect(jsonSchemaOf(t.readonly(t.partial({ a: t.string })))).to.deep.equal({
        type: 'object',
        properties: { a: { type: 'string' } },
      });
    },
  );

  it('closes objects for responses (additionalProperties false), records excepted', () => {
    expect(jsonSchemaOf(t.type({ a: t.record(t.string, t.string) }), { closed: true })).to.deep.equal({
      type: 'object',
      properties: { a: { type: 'object', additionalProperties: { type: 'string' } } },
      required: ['a'],
      additionalProperties: false,
    });
  });

  it('merges an intersection of objects into one (required from the type parts), and keeps it closed', () => {
    const codec = t.intersection([t.type({ a: t.string }), t.partial({ b: t.boolean }), t.type({ c: t.null })]);
    expect(jsonSchemaOf(codec, { closed: true })).to.deep.equal({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'boolean' }, c: { type: 'null' } },
      required: ['a', 'c'],
      additionalProperties: false,
    });
    expect(jsonSchemaOf(t.intersection([t.string, t.type({ a: t.string })]))).to.have.property('allOf');
    expect(() => jsonSchemaOf(t.intersection([t.string, t.type({ a: t.string })]), { closed: true })).to.throw(
      /object codecs/,
    );
  });

  it('maps unions, arrays (readonly too) and records', () => {
    expect(jsonSchemaOf(t.union([t.string, t.null]))).to.deep.equal({ anyOf: [{ type: 'string' }, { type: 'null' }] });
    expect(jsonSchemaOf(t.array(t.number))).to.deep.equal({ type: 'array', items: { type: 'number' } });
    expect(jsonSchemaOf(t.readonlyArray(t.string))).to.deep.equal({ type: 'array', items: { type: 'string' } });
    expect(jsonSchemaOf(t.record(t.string, t.boolean))).to.deep.equal({
      type: 'object',
      additionalProperties: { type: 'boolean' },
    });
  });

  it('maps a refinement or brand to its base type, described by its name', () => {
    const Positive = t.refinement(t.number, (n) => n > 0, 'Positive');
    interface NonEmptyBrand {
      readonly NonEmpty: unique symbol;
    }
    const NonEmpty = t.brand(t.string, (s): s is t.Branded<string, NonEmptyBrand> => s.length > 0, 'NonEmpty');
    expect(jsonSchemaOf(Positive)).to.deep.equal({ type: 'number', description: 'Positive' });
    expect(jsonSchemaOf(NonEmpty)).to.deep.equal({ type: 'string', description: 'NonEmpty' });
  });

  it('uses the schema a custom codec declares; one with a default is optional in an object', () => {
    const custom = new t.Type<number, string>(
      'page',
      (u): u is number => typeof u === 'number',
      (u, c) => t.failure(u, c),
      String,
    );
    expect(() => jsonSchemaOf(custom)).to.throw(/no JSON Schema for the codec "page"/);
    const page = withSchema(custom, { type: 'integer', minimum: 1, default: 1 });
    expect(jsonSchemaOf(t.type({ page, q: t.string }))).to.deep.equal({
      type: 'object',
      properties: { page: { type: 'integer', minimum: 1, default: 1 }, q: { type: 'string' } },
      required: ['q'],
    });
    expect(jsonSchemaOf(IsoTimestamp)).to.deep.equal({ type: 'string', format: 'date-time' });
    // Every integer an answer carries is a JavaScript number: exact up to 2^53 - 1 (CONTRACT 11.4).
    expect(jsonSchemaOf(Integer)).to.deep.equal({
      type: 'integer',
      format: 'int64',
      minimum: Number.MIN_SAFE_INTEGER,
      maximum: Number.MAX_SAFE_INTEGER,
    });
    // Annotating a codec of its own leaves the built-in alone.
    expect(jsonSchemaOf(t.string)).to.deep.equal({ type: 'string' });
  });

  it('refuses codecs with no JSON form', () => {
    expect(() => jsonSchemaOf(t.undefined)).to.throw(/no JSON Schema/);
    expect(() => jsonSchemaOf(t.void)).to.throw(/no JSON Schema/);
  });
});
