import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { ResetHubPassword } from '../../../src/application/hub-identity/reset-hub-password';
import { hubIdentityFakes, type HubIdentityFakes } from '../../support/hub-identity-fakes';

const OLD_PASSWORD = 'correct-horse-9';
const NEW_PASSWORD = 'battery-staple-7';

describe('ResetHubPassword', () => {
  let f: HubIdentityFakes;
  let reset: ResetHubPassword;
  beforeEach(() => {
    f = hubIdentityFakes();
    reset = new ResetHubPassword(f.resetTokens, f.users, f.refreshTokens, f.passwords, f.hasher, f.clock);
  });
  const issueResetToken = async (userId: string, ttlMs = 3_600_000): Promise<string> => {
    const token = f.secrets.hex(32);
    await f.resetTokens.create({ tokenHash: f.hasher.hash(token), userId, expiresAt: new Date(f.clock.now().getTime() + ttlMs), usedAt: null });
    return token;
  };
  const passwordIs = async (userId: string, password: string) => f.passwords.verify((await f.users.findById(userId))?.passwordHash ?? '', password);

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
    expect(await reset.execute({ token, newPassword: 'third-password-1' })).to.deep.equal(E.left({ _tag: 'ResetTokenUsed' }));
    expect(await passwordIs(user.id, NEW_PASSWORD)).to.equal(true);
  });

  it('InvalidResetToken for an unknown token: the password and the sessions stay', async () => {
    const { user } = await f.seedSession();
    expect(await reset.execute({ token: 'f'.repeat(64), newPassword: NEW_PASSWORD })).to.deep.equal(E.left({ _tag: 'InvalidResetToken' }));
    expect(await passwordIs(user.id, OLD_PASSWORD)).to.equal(true);
    expect(await f.refreshTokens.activeOfUser(user.id, f.clock.now())).to.have.length(1);
  });

  it('InvalidResetToken for an expired token', async () => {
    const { user } = await f.seedSession();
    const token = await issueResetToken(user.id, 60_000);
    f.clock.advance(60_000);
    expect(await reset.execute({ token, newPassword: NEW_PASSWORD })).to.deep.equal(E.left({ _tag: 'InvalidResetToken' }));
    expect(await passwordIs(user.id, OLD_PASSWORD)).to.equal(true);
  });
});
