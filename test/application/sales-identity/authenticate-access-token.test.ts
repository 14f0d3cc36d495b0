import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { JwtSalesAccessTokens } from '../../../src/adapters/crypto/jwt-sales-access-tokens';
import { AuthenticateAccessToken } from '../../../src/application/sales-identity/authenticate-access-token';
import { salesIdentityFakes } from '../../support/sales-identity-fakes';

const INVALID = E.left({ _tag: 'AccessTokenInvalid' });

describe('AuthenticateAccessToken', () => {
  function setUp() {
    const fakes = salesIdentityFakes();
    const identity = {
      id: '5f0c7c1e-3b7e-4a53-9d7c-3f0a9a1e2b44',
      username: 'ana@example.com',
      role: 'manager' as const,
    };
    const token = fakes.accessTokens.issue(identity, 'session-1', fakes.clock.now());
    const authenticate = new AuthenticateAccessToken(fakes.accessTokens, fakes.endedSessions, fakes.clock);
    return { ...fakes, identity, token, authenticate };
  }

  it('resolves a token it issued to the identity in its claims, for the whole hour (spec part 8)', async () => {
    const { authenticate, token, identity, clock } = setUp();
    expect(await authenticate.execute({ token })).to.deep.equal(E.right(identity));
    clock.advance(3600 * 1000 - 1000);
    expect(await authenticate.execute({ token })).to.deep.equal(E.right(identity));
  });

  it('answers AccessTokenInvalid once the hour is over', async () => {
    const { authenticate, token, clock } = setUp();
    clock.advance(3600 * 1000);
    expect(await authenticate.execute({ token })).to.deep.equal(INVALID);
  });

  it('answers AccessTokenInvalid once its session ended, other sessions unaffected (CONTRACT 11.2)', async () => {
    const { authenticate, token, identity, accessTokens, endedSessions, clock } = setUp();
    const other = accessTokens.issue(identity, 'session-2', clock.now());
    await endedSessions.end(['session-1'], clock.now());
    expect(await authenticate.execute({ token })).to.deep.equal(INVALID);
    expect(await authenticate.execute({ token: other })).to.deep.equal(E.right(identity));
  });

  it('answers AccessTokenInvalid for garbage, an empty token, and a token signed with another secret', async () => {
    const { authenticate, identity, clock } = setUp();
    const foreign = new JwtSalesAccessTokens('some-other-secret-that-is-32-bytes!!').issue(identity, 's', clock.now());
    for (const token of ['garbage', '', 'a.b.c', foreign])
      expect(await authenticate.execute({ token }), token).to.deep.equal(INVALID);
  });
});
