import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { parseSavedFilterName, parseSavedFilterQuery } from '../../../src/domain/saved-filters/saved-filter';

describe('saved filter rules (CONTRACT 8.5)', () => {
  it('a name is trimmed and 1 to 100 characters', () => {
    expect(parseSavedFilterName('  Ativas  ')).to.deep.equal(E.right('Ativas'));
    expect(parseSavedFilterName('é'.repeat(100))).to.deep.equal(E.right('é'.repeat(100)));
    expect(parseSavedFilterName('   ')).to.deep.equal(E.left('name must not be empty'));
    expect(parseSavedFilterName('x'.repeat(101))).to.deep.equal(E.left('name must be at most 100 characters'));
  });

  it('a query is an object of string, number or boolean values', () => {
    expect(parseSavedFilterQuery({ a: 'x', b: 1.5, c: false })).to.deep.equal(E.right({ a: 'x', b: 1.5, c: false }));
    expect(parseSavedFilterQuery({})).to.deep.equal(E.right({}));
    expect(parseSavedFilterQuery([])).to.deep.equal(E.left(['query must be an object']));
    expect(parseSavedFilterQuery('status=active')).to.deep.equal(E.left(['query must be an object']));
    expect(parseSavedFilterQuery(null)).to.deep.equal(E.left(['query must be an object']));
    expect(parseSavedFilterQuery({ a: null, b: { c: 1 }, d: [1], e: 'ok' })).to.deep.equal(
      E.left([
        'query.a must be a string, a number or a boolean',
        'query.b must be a string, a number or a boolean',
        'query.d must be a string, a number or a boolean',
      ]),
    );
  });

  it('a query is at most 4096 bytes as JSON (multi-byte characters count as their bytes)', () => {
    // {"q":"..."} is 8 bytes around the value.
    expect(E.isRight(parseSavedFilterQuery({ q: 'x'.repeat(4088) }))).to.equal(true);
    expect(parseSavedFilterQuery({ q: 'x'.repeat(4089) })).to.deep.equal(
      E.left(['query must be at most 4096 bytes as JSON']),
    );
    expect(parseSavedFilterQuery({ q: 'é'.repeat(2045) })).to.deep.equal(
      E.left(['query must be at most 4096 bytes as JSON']),
    );
    expect(E.isRight(parseSavedFilterQuery({ q: 'é'.repeat(2044) }))).to.equal(true);
  });
});
