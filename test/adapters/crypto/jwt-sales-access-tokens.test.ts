import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { JwtSalesAccessTokens, SALES_TOKEN_SERVICE } from '../../../src/adapters/crypto/jwt-sales-access-tokens';
import { salesAccessTokensContract } from '../../support/contracts/sales-access-tokens-contract';
import { FakeSalesAccessTokens } from '../../support/fakes/fake-sales-access-tokens';

describe('SalesAccessTokens contract', () => {
  describe('JwtSalesAccessTokens', () =>
    salesAccessTokensContract(() => new JwtSalesAccessTokens('jwt-sales-access-tokens-contract-32b!')));
  describe('JwtSalesAccessTokens without its verified-token memo', () =>
    salesAccessTokensContract(() => new JwtSalesAccessTokens('jwt-sales-access-tokens-contract-32b!', 0)));
  describe('FakeSalesAccessTokens', () => salesAccessTokensContract(() => new FakeSalesAccessTokens()));
});

/** A claim set to undefined is left out of the token. */
const withoutUndefined = (claims: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined));

describe('JwtSalesAccessTokens', () => {
  const SECRET = 'jwt-sales-access-tokens-test-secret-32b';
  const identity = {
    id: '5f0c7c1e-3b7e-4a53-9d7c-3f0a9a1e2b44',
    username: 'ana@example.com',
    role: 'manager' as const,
  };
  const session = { identity, sessionId: 'session-1' };
  const NOW = new Date('2026-11-21T10:00:00.000Z');
  const nowSeconds = NOW.getTime() / 1000;
  const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
  /** A token signed with SECRET as the sales service signs them, with `claims` changed. */
  const signed = (claims: Record<string, unknown>, header: jwt.JwtHeader = { alg: 'HS256', typ: 'at+jwt' }) =>
    jwt.sign(
      withoutUndefined({
        sub: identity.id,
        email: identity.username,
        role: 'admin',
        sid: 's',
        jti: 'j',
        iss: SALES_TOKEN_SERVICE,
        aud: SALES_TOKEN_SERVICE,
        exp: nowSeconds + 60,
        ...claims,
      }),
      SECRET,
      { algorithm: 'HS256', noTimestamp: true, header },
    );

  it('verifies its own token to the identity and session until exp, also when remembered', async () => {
    const tokens = new JwtSalesAccessTokens(SECRET);
    const token = tokens.issue(identity, 'session-1', NOW);
    expect(tokens.verify(token, NOW)).to.deep.equal(session);
    expect(tokens.verify(token, at(3599))).to.deep.equal(session);
    expect(tokens.verify(token, at(3600))).to.equal(undefined);
    expect(new JwtSalesAccessTokens(SECRET, 0).verify(token, at(3600))).to.equal(undefined);
  });

  it('refuses a token altered after a valid one was remembered, and one signed with another secret', () => {
    const tokens = new JwtSalesAccessTokens(SECRET);
    const token = tokens.issue(identity, 'session-1', NOW);
    expect(tokens.verify(token, NOW)).to.deep.equal(session);
    const [header, , signature] = token.split('.') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ sub: identity.id, email: identity.username, role: 'admin', iat: 0, exp: 9_999_999_999 }),
    ).toString('base64url');
    expect(tokens.verify(`${header}.${forged}.${signature}`, NOW)).to.equal(undefined);
    const foreign = new JwtSalesAccessTokens('another-secret-that-is-32-bytes-long!').issue(identity, 's', NOW);
    expect(tokens.verify(foreign, NOW)).to.equal(undefined);
  });

  it('refuses a correctly signed token with an unknown role, no role, or no email (never read as operator)', () => {
    const tokens = new JwtSalesAccessTokens(SECRET);
    expect(tokens.verify(signed({}), NOW)).to.deep.equal({
      identity: { ...identity, role: 'admin' },
      sessionId: 's',
    });
    for (const claims of [{ role: 'root' }, { role: 'OWNER' }, { role: undefined }, { email: undefined }])
      expect(tokens.verify(signed(claims), NOW), JSON.stringify(claims)).to.equal(undefined);
  });

  it('refuses a hub token and one without typ at+jwt, the sales iss/aud, sid or exp (CONTRACT 11.1)', () => {
    const tokens = new JwtSalesAccessTokens(SECRET);
    for (const claims of [
      { iss: 'brokerhub-hub', aud: 'brokerhub-hub' },
      { iss: 'brokerhub-hub' },
      { aud: 'brokerhub-hub' },
      { sid: undefined },
      { jti: undefined },
      { exp: undefined },
    ])
      expect(tokens.verify(signed(claims), NOW), JSON.stringify(claims)).to.equal(undefined);
    expect(tokens.verify(signed({}, { alg: 'HS256', typ: 'JWT' }), NOW)).to.equal(undefined);
  });

  it('stays bounded', () => {
    const tokens = new JwtSalesAccessTokens(SECRET, 2);
    const issued = [1, 2, 3].map((n) => tokens.issue({ ...identity, id: `user-${n}` }, 's', NOW));
    for (const token of issued) expect(tokens.verify(token, NOW)).not.to.equal(undefined);
    // The first was evicted: verified again in full, still valid.
    expect(tokens.verify(issued[0] as string, NOW)?.identity.id).to.equal('user-1');
  });
});
