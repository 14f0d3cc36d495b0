import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { hubPasswordResetCompletion, ResetHubPassword } from '../../../src/application/hub-identity/reset-hub-password';
import {
  PASSWORD_RESET_IN_FLIGHT_MS,
  type PasswordResetCompletion,
} from '../../../src/application/shared/password-reset-completion';
import { ProcessDied } from '../../support/fakes/write-faults';
import { hubIdentityFakes, type HubIdentityFakes } from '../../support/hub-identity-fakes';

const OLD_PASSWORD = 'correct-horse-9';
const NEW_PASSWORD = 'battery-staple-7';

describe('ResetHubPassword', () => {
  let f: HubIdentityFakes;
  let reset: ResetHubPassword;
  beforeEach(() => {
    f = hubIdentityFakes();
    reset = new ResetHubPassword(f.resetTokens, f.users, f.ending, f.passwords, f.hasher, f.clock);
  });
  const issueResetToken = async (userId: string, ttlMs = 3_600_000): Promise<string> => {
    const token = f.secrets.hex(32);
    await f.resetTokens.create({
      tokenHash: f.hasher.hash(token),
      userId,
      expiresAt: new Date(f.clock.now().getTime() + ttlMs),
      usedAt: null,
    });
    return token;
  };
  const passwordIs = async (userId: string, password: string) =>
    f.passwords.verify((await f.users.findById(userId))?.passwordHash ?? '', password);

  it('sets the new password and ends every session of the user (CONTRACT 7)', async () => {
    const { user, organization, membership } = await f.seedSession();
    await f.sessions.start(user, membership, organization, f.clock.now());
    const token = await issueResetToken(user.id);
    expect(await reset.execute({ token, newPassword: NEW_PASSWORD })).to.deep.equal(E.right(undefined));
    expect(await passwordIs(user.id, NEW_PASSWORD)).to.equal(true);
    expect(await passwordIs(user.id, OLD_PASSWORD)).to.equal(false);
    expect(await f.refreshTokens.activeOfUser(user.id, f.clock.now())).to.deep.equal([]);
  });

  it('ResetTokenUsed for a second use, leaving the password of the first', async () => {
    const { user } = await f.seedSession();
    const token = await issueResetToken(user.id);
    await reset.execute({ token, newPassword: NEW_PASSWORD });
    expect(await reset.execute({ token, newPassword: 'third-password-1' })).to.deep.equal(
      E.left({ _tag: 'ResetTokenUsed' }),
    );
    expect(await passwordIs(user.id, NEW_PASSWORD)).to.equal(true);
  });

  it('InvalidResetToken for an unknown token: the password and the sessions stay', async () => {
    const { user } = await f.seedSession();
    expect(await reset.execute({ token: 'f'.repeat(64), newPassword: NEW_PASSWORD })).to.deep.equal(
      E.left({ _tag: 'InvalidResetToken' }),
    );
    expect(await passwordIs(user.id, OLD_PASSWORD)).to.equal(true);
    expect(await f.refreshTokens.activeOfUser(user.id, f.clock.now())).to.have.length(1);
  });

  it('InvalidResetToken for an expired token', async () => {
    const { user } = await f.seedSession();
    const token = await issueResetToken(user.id, 60_000);
    f.clock.advance(60_000);
    expect(await reset.execute({ token, newPassword: NEW_PASSWORD })).to.deep.equal(
      E.left({ _tag: 'InvalidResetToken' }),
    );
    expect(await passwordIs(user.id, OLD_PASSWORD)).to.equal(true);
  });
});

describe('ResetHubPassword killed at any write (CONTRACT 10.2)', () => {
  const PAST_IN_FLIGHT = PASSWORD_RESET_IN_FLIGHT_MS + 1_000;
  let f: HubIdentityFakes;
  let reset: ResetHubPassword;
  let completion: PasswordResetCompletion;
  let userId: string;
  let token: string;
  beforeEach(async () => {
    f = hubIdentityFakes();
    reset = new ResetHubPassword(f.resetTokens, f.users, f.ending, f.passwords, f.hasher, f.clock);
    completion = hubPasswordResetCompletion(f.resetTokens, f.users, f.ending);
    const { user, organization, membership } = await f.seedSession();
    await f.sessions.start(user, membership, organization, f.clock.now());
    userId = user.id;
    token = f.secrets.hex(32);
    await f.resetTokens.create({
      tokenHash: f.hasher.hash(token),
      userId,
      expiresAt: new Date(f.clock.now().getTime() + 3_600_000),
      usedAt: null,
    });
  });
  const passwordIs = async (password: string) =>
    f.passwords.verify((await f.users.findById(userId))?.passwordHash ?? '', password);
  const killedAt = async (n: number) => {
    f.faults.dieAt(n);
    let caught: unknown;
    await reset.execute({ token, newPassword: NEW_PASSWORD }).catch((error: unknown) => (caught = error));
    f.faults.revive();
    expect(caught, `killed before write ${n}`).to.be.instanceOf(ProcessDied);
  };
  const expectCompleted = async () => {
    expect(await passwordIs(NEW_PASSWORD)).to.equal(true);
    expect(await passwordIs(OLD_PASSWORD)).to.equal(false);
    expect(await f.refreshTokens.activeOfUser(userId, f.clock.now())).to.deep.equal([]);
    // CONTRACT 11.2: the access tokens of both sessions are refused too.
    const families = await f.refreshTokens.familiesCreatedSince(userId, new Date(0));
    expect(families).to.have.length(2);
    for (const family of families) expect(await f.endedSessions.isEnded(family), family).to.equal(true);
    expect(await f.resetTokens.pending(new Date(f.clock.now().getTime() + 3_600_000), 10)).to.deep.equal([]);
    expect(await reset.execute({ token, newPassword: 'third-password-1' })).to.deep.equal(
      E.left({ _tag: 'ResetTokenUsed' }),
    );
  };

  it('a reset writes: the consume (with the hash), the password, the revocation, the ends, markApplied', async () => {
    f.faults.revive();
    await reset.execute({ token, newPassword: NEW_PASSWORD });
    expect(f.faults.writes).to.deep.equal([
      'hub_reset_tokens.updateOne',
      'hub_users.update',
      'hub_refresh_tokens.updateMany',
      // CONTRACT 11.2: one per session (family) of the user.
      'ended_sessions.upsert',
      'ended_sessions.upsert',
      'hub_reset_tokens.updateOne',
    ]);
  });

  it(
    'killed before the consume: nothing happened, the old password and sessions work, the link still ' + 'works',
    async () => {
      await killedAt(1);
      expect(await passwordIs(OLD_PASSWORD)).to.equal(true);
      expect(await f.refreshTokens.activeOfUser(userId, f.clock.now())).to.have.length(2);
      expect(await reset.execute({ token, newPassword: NEW_PASSWORD })).to.deep.equal(E.right(undefined));
      await expectCompleted();
    },
  );

  for (const n of [2, 3, 4, 5, 6]) {
    it(
      `killed before write ${n}: the same link used again (same password) completes the reset and answers as the ` +
        'lost answer',
      async () => {
        await killedAt(n);
        f.clock.advance(PAST_IN_FLIGHT);
        expect(await reset.execute({ token, newPassword: NEW_PASSWORD })).to.deep.equal(E.right(undefined));
        await expectCompleted();
      },
    );

    it(
      `killed before write ${n}: the link used again with another password completes the reset and answers ` +
        '"already used"',
      async () => {
        await killedAt(n);
        f.clock.advance(PAST_IN_FLIGHT);
        expect(await reset.execute({ token, newPassword: 'another-password-3' })).to.deep.equal(
          E.left({ _tag: 'ResetTokenUsed' }),
        );
        await expectCompleted();
      },
    );

    it(`killed before write ${n}: serve's tick completes the reset once its request cannot be in flight`, async () => {
      await killedAt(n);
      const wasNew = await passwordIs(NEW_PASSWORD);
      expect(await completion.completeStale(f.clock.now())).to.equal(0);
      expect(await passwordIs(NEW_PASSWORD)).to.equal(wasNew);
      f.clock.advance(PAST_IN_FLIGHT);
      expect(await completion.completeStale(f.clock.now())).to.equal(1);
      await expectCompleted();
    });
  }

  it(
    'while the reset may be in flight the link answers "already used" and writes nothing (as any second ' + 'use)',
    async () => {
      await killedAt(2);
      f.clock.advance(PASSWORD_RESET_IN_FLIGHT_MS - 1);
      expect(await reset.execute({ token, newPassword: NEW_PASSWORD })).to.deep.equal(
        E.left({ _tag: 'ResetTokenUsed' }),
      );
      expect(f.faults.writes).to.deep.equal([]);
      expect(await passwordIs(OLD_PASSWORD)).to.equal(true);
    },
  );

  it('the late completion of a reset that died does not undo a newer reset of the same user', async () => {
    await killedAt(2);
    f.clock.advance(1_000);
    const second = f.secrets.hex(32);
    await f.resetTokens.create({
      tokenHash: f.hasher.hash(second),
      userId,
      expiresAt: new Date(f.clock.now().getTime() + 3_600_000),
      usedAt: null,
    });
    expect(await reset.execute({ token: second, newPassword: 'newest-password-5' })).to.deep.equal(E.right(undefined));
    f.clock.advance(PAST_IN_FLIGHT);
    expect(await completion.completeStale(f.clock.now())).to.equal(1);
    expect(await passwordIs('newest-password-5')).to.equal(true);
    expect(await passwordIs(NEW_PASSWORD)).to.equal(false);
  });
});
