import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { RevokeHubSessions } from '../../../src/application/hub-identity/revoke-hub-sessions';
import { RotateRefreshToken } from '../../../src/application/hub-identity/rotate-refresh-token';
import { hubIdentityFakes } from '../../support/hub-identity-fakes';
import { ProcessDied } from '../../support/fakes/write-faults';

const SESSIONS = 3;

/**
 * CONTRACT 10.2, docs/decisions.md "POST /auth/logout and the reuse revocation" (class c):
 * revokeAllOfUser is one updateMany, atomic per token only. Killed before it, or part-way (the fake
 * revokes some of the user's tokens, then the process dies), the retry (the same logout, or the same
 * reused token presented again) revokes the rest: no active session of the user is left, another user's
 * session is untouched, and a token the dead run revoked keeps its revocation time.
 */
describe('Revoking all sessions of a hub user killed part-way (CONTRACT 10.2)', () => {
  /**
   * A user with SESSIONS active sessions (one of them the successor of a rotated token, whose predecessor is `reused`),
   * and another user's session.
   */
  async function world() {
    const f = hubIdentityFakes();
    const { user, organization, membership, refreshToken } = await f.seedSession();
    const rotation = new RotateRefreshToken(
      f.refreshTokens,
      f.ending,
      f.users,
      f.memberships,
      f.accessTokens,
      f.secrets,
      f.hasher,
      f.clock,
      0,
    );
    expect(E.isRight(await rotation.execute({ refreshToken }))).to.equal(true);
    for (let i = 1; i < SESSIONS; i += 1) await f.sessions.start(user, membership, organization, f.clock.now());
    const other = await f.seedUser('bia@example.com');
    await f.sessions.start(other, { ...membership, userId: other.id }, organization, f.clock.now());
    f.clock.advance(60_000);
    expect(await f.refreshTokens.activeOfUser(user.id, f.clock.now())).to.have.length(SESSIONS);
    f.faults.revive();
    return { f, user, other, reused: refreshToken, rotation, logout: new RevokeHubSessions(f.ending, f.clock) };
  }
  type World = Awaited<ReturnType<typeof world>>;

  /**
   * Kills `op` before its write (cut undefined) or after it revoked `cut` tokens, then (unless told not to) retries it
   * a minute later and checks.
   */
  async function killThenRetry(
    op: (w: World) => Promise<unknown>,
    cut: number | undefined,
    options: { readonly retry: boolean } = { retry: true },
  ): Promise<void> {
    const label = cut === undefined ? 'killed before the updateMany' : `killed after revoking ${cut}`;
    const w = await world();
    const diedAt = w.f.clock.now();
    if (cut === undefined) w.f.faults.dieAt(1);
    else w.f.refreshTokens.dieAfterRevoking(cut);
    const died = await op(w).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(died, label).to.be.instanceOf(ProcessDied);
    const revokedByTheDead = w.f.refreshTokens
      .all()
      .filter((r) => r.userId === w.user.id && r.revokedAt?.getTime() === diedAt.getTime());
    expect(revokedByTheDead, `${label}: what the dead run revoked`).to.have.length(cut ?? 0);
    w.f.faults.revive();
    w.f.clock.advance(60_000);
    if (options.retry) await op(w);
    expect(
      await w.f.refreshTokens.activeOfUser(w.user.id, w.f.clock.now()),
      `${label}: every session of the user revoked`,
    ).to.deep.equal([]);
    expect(
      await w.f.refreshTokens.activeOfUser(w.other.id, w.f.clock.now()),
      `${label}: the other user's session`,
    ).to.have.length(1);
    for (const r of revokedByTheDead)
      expect(
        (await w.f.refreshTokens.findById(r.id))?.revokedAt,
        `${label}: ${r.id} keeps its revocation time`,
      ).to.deep.equal(diedAt);
  }

  const cuts = [undefined, ...Array.from({ length: SESSIONS - 1 }, (_, i) => i + 1)];

  it('POST /auth/logout killed before or part-way through the revocation: the retry revokes the rest', async () => {
    for (const cut of cuts) await killThenRetry((w) => w.logout.execute({ userId: w.user.id }), cut);
    // The retry's answer counts what it revoked: the rest.
    const w = await world();
    w.f.refreshTokens.dieAfterRevoking(1);
    await w.logout.execute({ userId: w.user.id }).catch(() => undefined);
    w.f.faults.revive();
    expect(await w.logout.execute({ userId: w.user.id })).to.deep.equal({ revoked: SESSIONS - 1 });
  });

  it(
    'the reuse revocation (a rotated token presented again) killed before or part-way: the same token presented ' +
      'again revokes the rest',
    async () => {
      const presentReused = async (w: World) => {
        const result = await w.rotation.execute({ refreshToken: w.reused });
        expect(result).to.deep.equal(E.left({ _tag: 'RefreshTokenReused' }));
      };
      for (const cut of cuts) await killThenRetry(presentReused, cut);
    },
  );

  it('the check fails without the retry (the test can fail)', async () => {
    const outcome = await killThenRetry((w) => w.logout.execute({ userId: w.user.id }), 1, { retry: false }).then(
      () => 'passed',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(outcome).to.match(/every session of the user revoked/);
  });
});
