import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import sinon from 'sinon';
import { BoundedPasswordHasher } from '../../../src/adapters/crypto/bounded-password-hasher';
import { LoginSalesUser } from '../../../src/application/sales-identity/login-sales-user';
import { CapacityExceededError } from '../../../src/application/shared/capacity-exceeded-error';
import { GatedPasswordHasher } from '../../support/fakes/gated-password-hasher';
import { salesIdentityFakes } from '../../support/sales-identity-fakes';

const SEVEN_DAYS_MS = 7 * 24 * 3600 * 1000;

describe('LoginSalesUser', () => {
  async function setUp() {
    const fakes = salesIdentityFakes();
    const known = await fakes.addUser({ email: 'ana@example.com', password: 'right password', role: 'manager' });
    const logIn = new LoginSalesUser(
      fakes.users,
      fakes.passwords,
      fakes.accessTokens,
      fakes.refreshTokens,
      fakes.secrets,
      fakes.secretHasher,
      fakes.clock,
    );
    return { ...fakes, known, logIn };
  }

  it(
    'answers InvalidCredentials for an unknown e-mail exactly as for a wrong password, after the same ' +
      'verification work',
    async () => {
      const { logIn, passwords, secrets } = await setUp();
      const dummy = sinon.spy(passwords, 'verifyAgainstDummy');
      const unknown = await logIn.execute({ email: 'ghost@example.com', password: 'right password' });
      expect(unknown).to.deep.equal(E.left({ _tag: 'InvalidCredentials' }));
      expect(dummy.calledOnceWith('right password')).to.equal(true);
      expect(passwords.calls.verify).to.equal(0);

      const wrong = await logIn.execute({ email: 'ana@example.com', password: 'wrong password' });
      expect(wrong).to.deep.equal(unknown);
      expect(passwords.calls).to.include({ verify: 1, verifyAgainstDummy: 1 });
      // No session was started by either attempt.
      expect(secrets.issued).to.deep.equal([]);
    },
  );

  it("answers InvalidCredentials for another account's password", async () => {
    const { logIn, addUser } = await setUp();
    await addUser({ email: 'bia@example.com', password: 'bia password' });
    expect(await logIn.execute({ email: 'ana@example.com', password: 'bia password' })).to.deep.equal(
      E.left({ _tag: 'InvalidCredentials' }),
    );
  });

  it(
    "issues an access token carrying the user's identity and role, and a refresh token stored only as its hash, " +
      'valid 7 days',
    async () => {
      const { logIn, known, accessTokens, refreshTokens, secretHasher, clock } = await setUp();
      const result = await logIn.execute({ email: 'ana@example.com', password: 'right password' });
      if (E.isLeft(result)) throw new Error('expected a login');
      expect(result.right.user).to.deep.equal({ id: known.id, email: 'ana@example.com', name: known.name });
      expect(accessTokens.verify(result.right.accessToken, clock.now())?.identity).to.deep.equal({
        id: known.id,
        username: 'ana@example.com',
        role: 'manager',
      });
      const { refreshToken } = result.right;
      expect(refreshToken).to.match(/^[0-9a-f]{64}$/);
      expect(await refreshTokens.findActive(refreshToken, clock.now())).to.equal(undefined);
      const stored = await refreshTokens.findActive(secretHasher.hash(refreshToken), clock.now());
      expect(stored).to.deep.equal({
        tokenHash: secretHasher.hash(refreshToken),
        userId: known.id,
        expiresAt: new Date(clock.now().getTime() + SEVEN_DAYS_MS),
      });
    },
  );

  it('finds the account whatever the case and surrounding spaces of the e-mail', async () => {
    const { logIn } = await setUp();
    expect(E.isRight(await logIn.execute({ email: ' ANA@example.com ', password: 'right password' }))).to.equal(true);
  });

  it('starts an independent session at each login', async () => {
    const { logIn } = await setUp();
    const first = await logIn.execute({ email: 'ana@example.com', password: 'right password' });
    const second = await logIn.execute({ email: 'ana@example.com', password: 'right password' });
    if (E.isLeft(first) || E.isLeft(second)) throw new Error('expected two logins');
    expect(first.right.refreshToken).not.to.equal(second.right.refreshToken);
  });

  it(
    'refuses with CapacityExceededError before looking the user up when hashing is saturated (CONTRACT 9.5), and ' +
      'writes nothing',
    async () => {
      const fakes = salesIdentityFakes();
      await fakes.addUser({ email: 'ana@example.com', password: 'right password' });
      const gated = new GatedPasswordHasher();
      const passwords = new BoundedPasswordHasher(gated, { concurrency: 1, maxQueued: 0, retryAfterSeconds: 1 });
      const logIn = new LoginSalesUser(
        fakes.users,
        passwords,
        fakes.accessTokens,
        fakes.refreshTokens,
        fakes.secrets,
        fakes.secretHasher,
        fakes.clock,
      );
      gated.close();
      const held = passwords.hash('keeps the only slot busy');
      await gated.whenStarted(1);
      const lookups = sinon.spy(fakes.users, 'findByEmail');
      let refusal: unknown;
      await logIn
        .execute({ email: 'ana@example.com', password: 'right password' })
        .catch((error: unknown) => (refusal = error));
      expect(refusal).to.be.instanceOf(CapacityExceededError);
      expect(lookups.called).to.equal(false);
      expect(fakes.secrets.issued).to.deep.equal([]);
      gated.open();
      await held;
      expect(E.isRight(await logIn.execute({ email: 'ana@example.com', password: 'right password' }))).to.equal(true);
    },
  );
});
