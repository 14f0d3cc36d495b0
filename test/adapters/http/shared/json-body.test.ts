import { expect } from 'chai';
import type { Context } from 'koa';
import { forbiddenKeyOf, jsonBody } from '../../../../src/adapters/http/shared/json-body';

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
    expect(forbiddenKeyOf({ a: [1, { constructor: 'x' }] })).to.equal('constructor');
    expect(forbiddenKeyOf({ a: [1, { b: 'constructor' }], proto: '__proto__' })).to.equal(undefined);
  });
});
