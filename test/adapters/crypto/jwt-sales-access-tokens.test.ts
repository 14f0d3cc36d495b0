import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { JwtSalesAccessTokens } from '../../../src/adapters/crypto/jwt-sales-access-tokens';
import { salesAccessTokensContract } from '../../support/contracts/sales-access-tokens-contract';
import { FakeSalesAccessTokens } from '../../support/fakes/fake-sales-access-tokens';

describe('SalesAccessTokens contract', () => {
  describe('JwtSalesAccessTokens', () =>
    salesAccessTokensContract(() => new JwtSalesAccessTokens('jwt-sales-access-tokens-contract-32b!')));
  describe('JwtSalesAccessTokens without its verified-token memo', () =>
    salesAccessTokensContract(() => new JwtSalesAccessTokens('jwt-sales-access-tokens-contract-32b!', 0)));
  describe('FakeSalesAccessTokens', () => salesAccessTokensContract(() => new FakeSalesAccessTokens()));
});

describe('JwtSalesAccessTokens', () => {
  const SECRET = 'jwt-sales-access-tokens-test-secret-32b';
  const identity = {
    id: '5f0c7c1e-3b7e-4a53-9d7c-3f0a9a1e2b44',
    username: 'ana@example.com',
    role: 'manager' as const,
  };
  const NOW = new Date('2026-11-21T10:00:00.000Z');
  const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

  it('verifies its own token to the identity until exp, also when remembered', async () => {
    const tokens = new JwtSalesAccessTokens(SECRET);
    const token = tokens.issue(identity, NOW);
    expect(tokens.verify(token, NOW)).to.deep.equal(identity);
    expect(tokens.verify(token, at(3599))).to.deep.equal(identity);
    expect(tokens.verify(token, at(3600))).to.equal(undefined);
    expect(new JwtSalesAccessTokens(SECRET, 0).verify(token, at(3600))).to.equal(undefined);
  });

  it('refuses a token altered after a valid one was remembered, and one signed with another secret', () => {
    const tokens = new JwtSalesAccessTokens(SECRET);
    const token = tokens.issue(identity, NOW);
    expect(tokens.verify(token, NOW)).to.deep.equal(identity);
    const [header, , signature] = token.split('.') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ sub: identity.id, email: identity.username, role: 'admin', iat: 0, exp: 9_999_999_999 }),
    ).toString('base64url');
    expect(tokens.verify(`${header}.${forged}.${signature}`, NOW)).to.equal(undefined);
    expect(
      tokens.verify(new JwtSalesAccessTokens('another-secret-that-is-32-bytes-long!').issue(identity, NOW), NOW),
    ).to.equal(undefined);
  });

  it('refuses a correctly signed token without exp or without sub, and reads an unknown role as operator', () => {
    const tokens = new JwtSalesAccessTokens(SECRET);
    const nowSeconds = NOW.getTime() / 1000;
    const sign = (claims: Record<string, unknown>) =>
      jwt.sign(claims, SECRET, { algorithm: 'HS256', noTimestamp: true });
    expect(tokens.verify(sign({ sub: identity.id, email: identity.username, role: 'admin' }), NOW)).to.equal(undefined);
    expect(tokens.verify(sign({ email: identity.username, role: 'admin', exp: nowSeconds + 60 }), NOW)).to.equal(
      undefined,
    );
    expect(
      tokens.verify(sign({ sub: identity.id, email: identity.username, role: 'root', exp: nowSeconds + 60 }), NOW),
    ).to.deep.equal({ ...identity, role: 'operator' });
  });

  it('stays bounded', () => {
    const tokens = new JwtSalesAccessTokens(SECRET, 2);
    const issued = [1, 2, 3].map((n) => tokens.issue({ ...identity, id: `user-${n}` }, NOW));
    for (const token of issued) expect(tokens.verify(token, NOW)).not.to.equal(undefined);
    // The first was evicted: verified again in full, still valid.
    expect(tokens.verify(issued[0] as string, NOW)?.id).to.equal('user-1');
  });
});
