import { expect } from 'chai';
import type { Context } from 'koa';
import { forbiddenKeyOf, jsonBody } from '../../../../../src/adapters/http/shared/decoding/json-body';

describe('jsonBody (CONTRACT 7)', () => {
  for (const method of ['GET', 'HEAD', 'DELETE']) {
    it(`does not read the body of a ${method}`, async () => {
      let reached = false;
      // Any read of the request would throw on this bare context.
      await jsonBody()({ method } as unknown as Context, async () => {
        reached = true;
      });
      expect(reached).to.equal(true);
    });
  }

  it('forbiddenKeyOf finds __proto__ and constructor at any depth, in objects and arrays', () => {
    expect(forbiddenKeyOf(JSON.parse('{"a":[{"b":{"__proto__":{}}}]}'))).to.equal('__proto__');
    expect(forbiddenKeyOf(JSON.parse('{"a":[1,{"constructor":{"prototype":{}}}]}'))).to.equal('constructor');
    // A plain constructor member is data: refused only when it carries a prototype, as the parser's own check does.
    expect(forbiddenKeyOf(JSON.parse('{"a":[1,{"constructor":"x"}],"constructor":{"name":"y"}}'))).to.equal(undefined);
    expect(forbiddenKeyOf({ a: [1, { b: 'constructor' }], proto: '__proto__' })).to.equal(undefined);
  });

  it('forbiddenKeyOf walks a body of a few hundred thousand array items (no spread into one call)', () => {
    expect(forbiddenKeyOf({ a: Array.from({ length: 400_000 }, () => 0) })).to.equal(undefined);
    expect(
      forbiddenKeyOf([...Array.from({ length: 400_000 }, (): unknown => 0), JSON.parse('{"__proto__":{}}')]),
    ).to.equal('__proto__');
  });
});
