import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { LoginSalesUser } from '../../../src/application/sales-identity/login-sales-user';
import { LogoutSalesUser } from '../../../src/application/sales-identity/logout-sales-user';
import { salesSessionIdOf } from '../../../src/application/sales-identity/sales-session-ending';
import { ProcessDied } from '../../support/fakes/write-faults';
import { salesIdentityFakes } from '../../support/sales-identity-fakes';

describe('LogoutSalesUser', () => {
  async function setUp() {
    const fakes = salesIdentityFakes();
    await fakes.addUser({ email: 'ana@example.com', password: 'right password' });
    const logIn = new LoginSalesUser(
      fakes.users,
      fakes.passwords,
      fakes.accessTokens,
      fakes.refreshTokens,
      fakes.secrets,
      fakes.secretHasher,
      fakes.clock,
    );
    const session = async (): Promise<string> => {
      const login = await logIn.execute({ email: 'ana@example.com', password: 'right password' });
      if (E.isLeft(login)) throw new Error('test set-up: login failed');
      return login.right.refreshToken;
    };
    const active = async (token: string) =>
      (await fakes.refreshTokens.findActive(fakes.secretHasher.hash(token), fakes.clock.now())) !== undefined;
    return {
      ...fakes,
      session,
      active,
      logOut: new LogoutSalesUser(fakes.refreshTokens, fakes.sessions, fakes.secretHasher, fakes.clock),
    };
  }

  it("revokes the presented refresh token and leaves the same user's other sessions alone", async () => {
    const { logOut, session, active, ...fakes } = await setUp();
    const laptop = await session();
    const phone = await session();
    const ana = await fakes.users.findByEmail('ana@example.com');
    // The user whose session ended, for the event log (CONTRACT 9.5).
    expect(await logOut.execute({ refreshToken: laptop })).to.deep.equal(E.right({ revoked: true, userId: ana?.id }));
    expect(await active(laptop)).to.equal(false);
    expect(await active(phone)).to.equal(true);
    // CONTRACT 11.2: the session's access tokens are refused too, the other session's are not.
    const sid = (token: string) => salesSessionIdOf(fakes.secretHasher.hash(token), fakes.secretHasher);
    expect(await fakes.endedSessions.isEnded(sid(laptop))).to.equal(true);
    expect(await fakes.endedSessions.isEnded(sid(phone))).to.equal(false);
  });

  it('killed between the end and the revocation: the session is ended, and the retry revokes', async () => {
    const { logOut, session, active, ...fakes } = await setUp();
    const laptop = await session();
    fakes.faults.revive();
    fakes.faults.dieAt(2);
    let caught: unknown;
    await logOut.execute({ refreshToken: laptop }).catch((error: unknown) => (caught = error));
    expect(caught).to.be.instanceOf(ProcessDied);
    fakes.faults.revive();
    expect(
      await fakes.endedSessions.isEnded(salesSessionIdOf(fakes.secretHasher.hash(laptop), fakes.secretHasher)),
    ).to.equal(true);
    expect(await active(laptop)).to.equal(true);
    await logOut.execute({ refreshToken: laptop });
    expect(await active(laptop)).to.equal(false);
  });

  it('a made-up token ends no session (the list only holds real ones)', async () => {
    const { logOut, endedSessionStore } = await setUp();
    await logOut.execute({ refreshToken: 'ef'.repeat(32) });
    expect(await endedSessionStore.endedSince(new Date(0), new Date(0))).to.deep.equal([]);
  });

  it(
    'succeeds with nothing to revoke without a token or with an empty one (CONTRACT 3.1: logout always ' + 'succeeds)',
    async () => {
      const { logOut } = await setUp();
      expect(await logOut.execute({ refreshToken: undefined })).to.deep.equal(E.right({ revoked: false }));
      expect(await logOut.execute({ refreshToken: '' })).to.deep.equal(E.right({ revoked: false }));
    },
  );

  it('succeeds for an unknown or already revoked token', async () => {
    const { logOut, session } = await setUp();
    const token = await session();
    await logOut.execute({ refreshToken: token });
    expect(E.isRight(await logOut.execute({ refreshToken: token }))).to.equal(true);
    expect(E.isRight(await logOut.execute({ refreshToken: 'ef'.repeat(32) }))).to.equal(true);
  });
});
