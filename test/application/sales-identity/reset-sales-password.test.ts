import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { RequestSalesPasswordReset } from '../../../src/application/sales-identity/request-sales-password-reset';
import {
  ResetSalesPassword,
  salesPasswordResetCompletion,
} from '../../../src/application/sales-identity/reset-sales-password';
import { PASSWORD_RESET_IN_FLIGHT_MS } from '../../../src/application/shared/password-reset-completion';
import { salesSessionIdOf } from '../../../src/application/sales-identity/sales-session-ending';
import { ProcessDied } from '../../support/fakes/write-faults';
import { PUBLIC_APP_URL, salesIdentityFakes } from '../../support/sales-identity-fakes';

const ONE_HOUR_MS = 3600 * 1000;
const INVALID = E.left({ _tag: 'ResetTokenInvalid' });

describe('ResetSalesPassword', () => {
  async function setUp() {
    const fakes = salesIdentityFakes();
    const known = await fakes.addUser({ email: 'ana@example.com', password: 'old password' });
    const request = new RequestSalesPasswordReset(
      fakes.users,
      fakes.resetTokens,
      fakes.mailer,
      fakes.secrets,
      fakes.secretHasher,
      fakes.clock,
      PUBLIC_APP_URL,
    );
    await request.execute({ email: 'ana@example.com' });
    // The token as the user gets it: from the link in the mail.
    const token =
      new URL(/https?:\/\/\S+/.exec(fakes.mailer.sent[0]?.text ?? '')?.[0] ?? 'http://none').searchParams.get(
        'token',
      ) ?? '';
    const reset = new ResetSalesPassword(
      fakes.resetTokens,
      fakes.users,
      fakes.sessions,
      fakes.passwords,
      fakes.secretHasher,
      fakes.clock,
    );
    const passwordOf = async (password: string) =>
      fakes.passwords.verify((await fakes.users.findById(known.id))?.passwordHash ?? '', password);
    return { ...fakes, known, token, reset, passwordOf };
  }

  it('sets the new password (the old one stops working) and answers the user id', async () => {
    const { reset, token, known, passwordOf, users, clock } = await setUp();
    clock.advance(60_000);
    expect(await reset.execute({ token, newPassword: 'brand new password' })).to.deep.equal(
      E.right({ userId: known.id }),
    );
    expect(await passwordOf('brand new password')).to.equal(true);
    expect(await passwordOf('old password')).to.equal(false);
    expect((await users.findById(known.id))?.updatedAt).to.deep.equal(clock.now());
  });

  it("revokes every refresh token of the user, and nobody else's", async () => {
    const { reset, token, known, refreshTokens, addUser, clock } = await setUp();
    const other = await addUser({ email: 'bia@example.com' });
    const expiresAt = new Date(clock.now().getTime() + 60_000);
    for (const [tokenHash, userId] of [
      ['ana-laptop', known.id],
      ['ana-phone', known.id],
      ['bia', other.id],
    ] as const) {
      await refreshTokens.save({ tokenHash, userId, expiresAt, createdAt: clock.now() });
    }
    await reset.execute({ token, newPassword: 'brand new password' });
    expect(await refreshTokens.findActive('ana-laptop', clock.now())).to.equal(undefined);
    expect(await refreshTokens.findActive('ana-phone', clock.now())).to.equal(undefined);
    expect(await refreshTokens.findActive('bia', clock.now())).not.to.equal(undefined);
  });

  it('answers WeakPassword below 8 and above 256 characters without using up the token', async () => {
    const { reset, token, passwordOf } = await setUp();
    expect(await reset.execute({ token, newPassword: '1234567' })).to.deep.equal(
      E.left({ _tag: 'WeakPassword', problem: 'password must be at least 8 characters long' }),
    );
    expect(await reset.execute({ token, newPassword: 'x'.repeat(257) })).to.deep.equal(
      E.left({ _tag: 'WeakPassword', problem: 'password must be at most 256 characters long' }),
    );
    expect(await passwordOf('old password')).to.equal(true);
    expect(E.isRight(await reset.execute({ token, newPassword: '12345678' }))).to.equal(true);
  });

  it('answers ResetTokenInvalid for an unknown token and changes nothing', async () => {
    const { reset, passwordOf } = await setUp();
    expect(await reset.execute({ token: 'ab'.repeat(32), newPassword: 'brand new password' })).to.deep.equal(INVALID);
    expect(await reset.execute({ token: '', newPassword: 'brand new password' })).to.deep.equal(INVALID);
    expect(await passwordOf('old password')).to.equal(true);
  });

  it('answers ResetTokenInvalid once the hour has passed, and changes nothing', async () => {
    const { reset, token, clock, passwordOf } = await setUp();
    clock.advance(ONE_HOUR_MS);
    expect(await reset.execute({ token, newPassword: 'brand new password' })).to.deep.equal(INVALID);
    expect(await passwordOf('old password')).to.equal(true);
  });

  it('answers ResetTokenUsed for a second use, also after the hour, and keeps the first new password', async () => {
    const { reset, token, clock, passwordOf } = await setUp();
    await reset.execute({ token, newPassword: 'first new password' });
    expect(await reset.execute({ token, newPassword: 'second new password' })).to.deep.equal(
      E.left({ _tag: 'ResetTokenUsed' }),
    );
    clock.advance(ONE_HOUR_MS);
    expect(await reset.execute({ token, newPassword: 'second new password' })).to.deep.equal(
      E.left({ _tag: 'ResetTokenUsed' }),
    );
    expect(await passwordOf('first new password')).to.equal(true);
  });

  it('lets exactly one of two concurrent uses of one token through', async () => {
    const { reset, token } = await setUp();
    const results = await Promise.all([
      reset.execute({ token, newPassword: 'password one' }),
      reset.execute({ token, newPassword: 'password two' }),
    ]);
    expect(results.filter(E.isRight)).to.have.length(1);
    expect(results.filter(E.isLeft).map((r) => r.left)).to.deep.equal([{ _tag: 'ResetTokenUsed' }]);
  });
});

describe('ResetSalesPassword killed at any write (CONTRACT 10.2)', () => {
  const OLD = 'old password';
  const NEW = 'brand new password';
  const PAST_IN_FLIGHT = PASSWORD_RESET_IN_FLIGHT_MS + 1_000;

  async function setUp() {
    const fakes = salesIdentityFakes();
    const known = await fakes.addUser({ email: 'ana@example.com', password: OLD });
    const token = fakes.secrets.hex(32);
    await fakes.resetTokens.save({
      tokenHash: fakes.secretHasher.hash(token),
      userId: known.id,
      expiresAt: new Date(fakes.clock.now().getTime() + ONE_HOUR_MS),
      createdAt: fakes.clock.now(),
    });
    const sessions = ['ana-laptop', 'ana-phone'];
    for (const tokenHash of sessions)
      await fakes.refreshTokens.save({
        tokenHash,
        userId: known.id,
        expiresAt: new Date(fakes.clock.now().getTime() + 7 * 24 * ONE_HOUR_MS),
        createdAt: fakes.clock.now(),
      });
    const reset = new ResetSalesPassword(
      fakes.resetTokens,
      fakes.users,
      fakes.sessions,
      fakes.passwords,
      fakes.secretHasher,
      fakes.clock,
    );
    const completion = salesPasswordResetCompletion(fakes.resetTokens, fakes.users, fakes.sessions);
    const passwordOf = async (password: string) =>
      fakes.passwords.verify((await fakes.users.findById(known.id))?.passwordHash ?? '', password);
    const activeSessions = async () =>
      (await Promise.all(sessions.map((s) => fakes.refreshTokens.findActive(s, fakes.clock.now())))).filter(
        (s) => s !== undefined,
      );
    /** Runs the reset killed before its n-th write; the process restarts. */
    const killedAt = async (n: number) => {
      fakes.faults.dieAt(n);
      let caught: unknown;
      await reset.execute({ token, newPassword: NEW }).catch((error: unknown) => (caught = error));
      fakes.faults.revive();
      expect(caught, `killed before write ${n}`).to.be.instanceOf(ProcessDied);
    };
    const expectCompleted = async () => {
      expect(await passwordOf(NEW)).to.equal(true);
      expect(await passwordOf(OLD)).to.equal(false);
      expect(await activeSessions()).to.deep.equal([]);
      // CONTRACT 11.2: the access tokens of both sessions are refused too.
      for (const hash of sessions)
        expect(await fakes.endedSessions.isEnded(salesSessionIdOf(hash, fakes.secretHasher)), hash).to.equal(true);
      expect(await fakes.resetTokens.pending(new Date(fakes.clock.now().getTime() + ONE_HOUR_MS), 10)).to.deep.equal(
        [],
      );
      expect(await reset.execute({ token, newPassword: 'third password' })).to.deep.equal(
        E.left({ _tag: 'ResetTokenUsed' }),
      );
    };
    return { ...fakes, known, token, reset, completion, passwordOf, activeSessions, killedAt, expectCompleted };
  }

  it('a reset writes: the consume (with the hash), the password, the revocation, the ends, markApplied', async () => {
    const { reset, token, faults } = await setUp();
    faults.revive();
    await reset.execute({ token, newPassword: NEW });
    expect(faults.writes).to.deep.equal([
      'sales_password_reset_tokens.findOneAndUpdate',
      'sales_users.update',
      'sales_refresh_tokens.updateMany',
      // CONTRACT 11.2: one per session of the user (atomic per session, as the MongoDB bulk write).
      'ended_sessions.upsert',
      'ended_sessions.upsert',
      'sales_password_reset_tokens.updateOne',
    ]);
  });

  it(
    'killed before the consume: nothing happened, the old password and sessions work, the link still ' + 'works',
    async () => {
      const { killedAt, reset, token, known, passwordOf, activeSessions, expectCompleted } = await setUp();
      await killedAt(1);
      expect(await passwordOf(OLD)).to.equal(true);
      expect(await activeSessions()).to.have.length(2);
      expect(await reset.execute({ token, newPassword: NEW })).to.deep.equal(E.right({ userId: known.id }));
      await expectCompleted();
    },
  );

  for (const n of [2, 3, 4, 5, 6]) {
    it(
      `killed before write ${n}: the same link used again (same password) completes the reset and answers as the ` +
        'lost answer',
      async () => {
        const { killedAt, reset, token, known, clock, expectCompleted } = await setUp();
        await killedAt(n);
        clock.advance(PAST_IN_FLIGHT);
        expect(await reset.execute({ token, newPassword: NEW })).to.deep.equal(E.right({ userId: known.id }));
        await expectCompleted();
      },
    );

    it(
      `killed before write ${n}: the link used again with another password completes the reset and answers ` +
        '"already used"',
      async () => {
        const { killedAt, reset, token, clock, expectCompleted } = await setUp();
        await killedAt(n);
        clock.advance(PAST_IN_FLIGHT);
        expect(await reset.execute({ token, newPassword: 'another password' })).to.deep.equal(
          E.left({ _tag: 'ResetTokenUsed' }),
        );
        await expectCompleted();
      },
    );

    it(`killed before write ${n}: serve's tick completes the reset once its request cannot be in flight`, async () => {
      const { killedAt, completion, clock, expectCompleted, passwordOf } = await setUp();
      await killedAt(n);
      const wasNew = await passwordOf(NEW);
      expect(await completion.completeStale(clock.now())).to.equal(0);
      expect(await passwordOf(NEW)).to.equal(wasNew);
      clock.advance(PAST_IN_FLIGHT);
      expect(await completion.completeStale(clock.now())).to.equal(1);
      await expectCompleted();
    });
  }

  it(
    'while the reset may be in flight the link answers "already used" and writes nothing (as any second ' + 'use)',
    async () => {
      const { killedAt, reset, token, clock, faults, passwordOf } = await setUp();
      await killedAt(2);
      clock.advance(PASSWORD_RESET_IN_FLIGHT_MS - 1);
      expect(await reset.execute({ token, newPassword: NEW })).to.deep.equal(E.left({ _tag: 'ResetTokenUsed' }));
      expect(faults.writes).to.deep.equal([]);
      expect(await passwordOf(OLD)).to.equal(true);
    },
  );

  it('the late completion of a reset that died does not undo a newer reset of the same user', async () => {
    const { killedAt, completion, clock, known, resetTokens, secretHasher, reset, passwordOf } = await setUp();
    await killedAt(2);
    clock.advance(1_000);
    await resetTokens.save({
      tokenHash: secretHasher.hash('second link'),
      userId: known.id,
      expiresAt: new Date(clock.now().getTime() + ONE_HOUR_MS),
      createdAt: clock.now(),
    });
    expect(await reset.execute({ token: 'second link', newPassword: 'newest password' })).to.deep.equal(
      E.right({ userId: known.id }),
    );
    clock.advance(PAST_IN_FLIGHT);
    expect(await completion.completeStale(clock.now())).to.equal(1);
    expect(await passwordOf('newest password')).to.equal(true);
    expect(await passwordOf(NEW)).to.equal(false);
    expect(await resetTokens.pending(clock.now(), 10)).to.deep.equal([]);
  });
});
