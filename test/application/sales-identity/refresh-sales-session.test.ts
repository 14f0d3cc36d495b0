import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { LoginSalesUser } from '../../../src/application/sales-identity/login-sales-user';
import { LogoutSalesUser } from '../../../src/application/sales-identity/logout-sales-user';
import { RefreshSalesSession } from '../../../src/application/sales-identity/refresh-sales-session';
import { salesIdentityFakes } from '../../support/sales-identity-fakes';

const SEVEN_DAYS_MS = 7 * 24 * 3600 * 1000;
const INVALID = E.left({ _tag: 'RefreshTokenInvalid' });

describe('RefreshSalesSession', () => {
  async function setUp() {
    const fakes = salesIdentityFakes();
    const known = await fakes.addUser({ email: 'ana@example.com', password: 'right password', role: 'operator' });
    const logIn = new LoginSalesUser(
      fakes.users,
      fakes.passwords,
      fakes.accessTokens,
      fakes.refreshTokens,
      fakes.secrets,
      fakes.secretHasher,
      fakes.clock,
    );
    const login = await logIn.execute({ email: 'ana@example.com', password: 'right password' });
    if (E.isLeft(login)) throw new Error('test set-up: login failed');
    return {
      ...fakes,
      known,
      refreshToken: login.right.refreshToken,
      refresh: new RefreshSalesSession(
        fakes.refreshTokens,
        fakes.users,
        fakes.accessTokens,
        fakes.secretHasher,
        fakes.clock,
      ),
      logOut: new LogoutSalesUser(fakes.refreshTokens, fakes.sessions, fakes.secretHasher, fakes.clock),
    };
  }

  it("issues a new access token for the user's identity; the refresh token stays usable (not rotated)", async () => {
    const { refresh, refreshToken, accessTokens, known, clock } = await setUp();
    clock.advance(2 * 3600 * 1000);
    for (let i = 0; i < 2; i += 1) {
      const result = await refresh.execute({ refreshToken });
      if (E.isLeft(result)) throw new Error('expected a refresh');
      expect(accessTokens.verify(result.right.accessToken, clock.now())?.identity).to.deep.equal({
        id: known.id,
        username: 'ana@example.com',
        role: 'operator',
      });
    }
  });

  it('works up to the last millisecond of the 7 days and answers RefreshTokenInvalid from then on', async () => {
    const { refresh, refreshToken, clock } = await setUp();
    clock.advance(SEVEN_DAYS_MS - 1);
    expect(E.isRight(await refresh.execute({ refreshToken }))).to.equal(true);
    clock.advance(1);
    expect(await refresh.execute({ refreshToken })).to.deep.equal(INVALID);
  });

  it('answers RefreshTokenInvalid without a token, for an empty one and for an unknown one', async () => {
    const { refresh } = await setUp();
    expect(await refresh.execute({ refreshToken: undefined })).to.deep.equal(INVALID);
    expect(await refresh.execute({ refreshToken: '' })).to.deep.equal(INVALID);
    expect(await refresh.execute({ refreshToken: 'ab'.repeat(32) })).to.deep.equal(INVALID);
  });

  it('answers RefreshTokenInvalid for a token revoked by logout', async () => {
    const { refresh, refreshToken, logOut } = await setUp();
    await logOut.execute({ refreshToken });
    expect(await refresh.execute({ refreshToken })).to.deep.equal(INVALID);
  });

  it("answers RefreshTokenInvalid for a token revoked with all of the user's tokens (a password reset)", async () => {
    const { refresh, refreshToken, refreshTokens, known, clock } = await setUp();
    await refreshTokens.revokeAllOfUser(known.id, clock.now());
    expect(await refresh.execute({ refreshToken })).to.deep.equal(INVALID);
  });

  it('answers RefreshTokenInvalid for a live token whose account no longer exists', async () => {
    const { refresh, refreshTokens, secretHasher, clock } = await setUp();
    const orphan = 'cd'.repeat(32);
    await refreshTokens.save({
      tokenHash: secretHasher.hash(orphan),
      userId: 'a-deleted-user',
      expiresAt: new Date(clock.now().getTime() + 60_000),
      createdAt: clock.now(),
    });
    expect(await refresh.execute({ refreshToken: orphan })).to.deep.equal(INVALID);
  });
});
