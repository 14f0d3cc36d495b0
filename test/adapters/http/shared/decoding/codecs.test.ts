import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import {
  boundedText,
  integerFromString,
  nullable,
  oneOf,
} from '../../../../../src/adapters/http/shared/decoding/codecs';
import { decodeQuery } from '../../../../../src/adapters/http/shared/decoding/query-decoding';
import { problemsOf } from '../../../../../src/adapters/http/shared/errors/input-problems';
import { jsonSchemaOf } from '../../../../../src/adapters/http/shared/openapi/json-schema';

const Query = t.intersection([
  t.type({ limit: integerFromString({ min: 1, max: 10, fallback: 5 }) }),
  t.partial({ kind: oneOf(['a', 'b'] as const) }),
]);

describe('the shared codecs', () => {
  it(
    'decodeQuery: bracketed and repeated parameters are problems; unknown ones refused or ignored as the route ' +
      'says',
    () => {
      const query = { 'kind[$ne]': 'a', limit: ['1', '2'], extra: 'x' };
      expect(decodeQuery(Query, query, 'refuse').problems.map((p) => p.message)).to.deep.equal([
        'kind[$ne] is not a known parameter',
        'limit must be given once',
        'extra is not a known parameter',
      ]);
      expect(decodeQuery(Query, query, 'ignore').problems.map((p) => p.message)).to.deep.equal([
        'kind[$ne] is not a known parameter',
        'limit must be given once',
      ]);
      expect(decodeQuery(Query, { kind: 'b', extra: 'x' }, 'ignore')).to.deep.equal({
        value: { limit: 5, kind: 'b' },
        problems: [],
      });
      expect(decodeQuery(Query, { limit: '11', kind: 'c' }, 'refuse').problems.map((p) => p.message)).to.deep.equal([
        'limit must be an integer from 1 to 10',
        'kind must be one of a, b',
      ]);
    },
  );

  it('problemsOf: types in words; a union is one message unless a member says more', () => {
    const Body = t.type({
      section: t.type({ a: t.string }),
      count: t.number,
      flag: t.boolean,
      note: nullable(boundedText({ maxLength: 3 })),
      list: t.array(t.string),
    });
    const messages = (input: unknown) => {
      const decoded = Body.decode(input);
      return E.isLeft(decoded) ? problemsOf(decoded.left).map((p) => p.message) : [];
    };
    expect(messages({ section: 'x', count: '1', flag: 'yes', note: 5, list: {} })).to.deep.equal([
      'section must be an object',
      'count must be a number',
      'flag must be true or false',
      'note must be a string or null',
      'list must be an array',
    ]);
    expect(messages({ section: { a: 'x' }, count: 1, flag: true, note: 'long', list: [] })).to.deep.equal([
      'note must be at most 3 characters',
    ]);
  });

  it('boundedText states its limit in the schema and counts characters, not UTF-16 units', () => {
    const Text = boundedText({ maxLength: 2, nonBlank: true });
    expect(jsonSchemaOf(Text)).to.include({ type: 'string', maxLength: 2, minLength: 1 });
    expect(E.isRight(Text.decode('😀😀'))).to.equal(true);
    expect(E.isLeft(Text.decode('   '))).to.equal(true);
  });
});
