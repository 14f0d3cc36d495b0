import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import {
  RotateRefreshToken,
  type RotateRefreshTokenOutput,
} from '../../../src/application/hub-identity/rotate-refresh-token';
import { MEMBER_PERMISSIONS } from '../../../src/domain/hub-identity/role';
import { hubIdentityFakes, type HubIdentityFakes } from '../../support/hub-identity-fakes';

const SEVEN_DAYS_MS = 7 * 24 * 3600 * 1000;
const GRACE_MS = 10_000;

describe('RotateRefreshToken', () => {
  let f: HubIdentityFakes;
  beforeEach(() => {
    f = hubIdentityFakes();
  });
  const rotation = (graceMs = 0) =>
    new RotateRefreshToken(
      f.refreshTokens,
      f.ending,
      f.users,
      f.memberships,
      f.accessTokens,
      f.secrets,
      f.hasher,
      f.clock,
      graceMs,
    );
  const rotated = (result: E.Either<unknown, RotateRefreshTokenOutput>): RotateRefreshTokenOutput => {
    if (E.isLeft(result)) throw new Error(`expected a rotation, got ${JSON.stringify(result.left)}`);
    return result.right;
  };
  const activeOf = async (userId: string) =>
    (await f.refreshTokens.activeOfUser(userId, f.clock.now())).map((r) => r.id);

  describe('an active token', () => {
    it(
      'is revoked with replacedBy, and its successor (same family, 7 days) and a new access token are ' + 'issued',
      async () => {
        const { user, organization, refreshToken } = await f.seedSession();
        const presented = await f.recordOf(refreshToken);
        f.clock.advance(60_000);
        const out = rotated(await rotation().execute({ refreshToken }));

        const successor = await f.recordOf(out.refreshToken);
        expect(out.refreshToken).not.to.equal(refreshToken);
        expect(successor).to.deep.include({
          userId: user.id,
          orgId: organization.id,
          familyId: presented?.familyId,
          revokedAt: null,
          replacedBy: null,
        });
        expect(successor?.expiresAt.getTime()).to.equal(f.clock.now().getTime() + SEVEN_DAYS_MS);
        expect(await f.recordOf(refreshToken)).to.deep.include({ revokedAt: f.clock.now(), replacedBy: successor?.id });
        expect(out.expiresAt).to.equal(Math.floor(f.clock.now().getTime() / 1000) + 900);
        expect(f.accessTokens.verify(out.accessToken, f.clock.now())).to.deep.equal({
          userId: user.id,
          email: user.email,
          orgId: organization.id,
          role: 'MEMBER',
          permissions: MEMBER_PERMISSIONS,
          // CONTRACT 11.1: the session is the family, the same across rotations.
          sessionId: presented?.familyId,
        });
        expect(await activeOf(user.id)).to.deep.equal([successor?.id]);
      },
    );

    it('carries the role as it is now, so a role change shows at the next refresh', async () => {
      const { user, organization, refreshToken } = await f.seedSession('MEMBER');
      await f.memberships.remove(user.id, organization.id);
      await f.seedMembership(user, organization, 'CLIENT', ['leads:read']);
      const out = rotated(await rotation().execute({ refreshToken }));
      expect(f.accessTokens.verify(out.accessToken, f.clock.now())).to.deep.include({
        role: 'CLIENT',
        permissions: ['leads:read'],
      });
    });

    it("moves the session to the user's latest organization when the token's membership is gone", async () => {
      const { user, organization, refreshToken } = await f.seedSession();
      const other = await f.seedOrganization('Other Org');
      await f.seedMembership(user, other, 'ADMIN');
      await f.memberships.remove(user.id, organization.id);
      const out = rotated(await rotation().execute({ refreshToken }));
      expect(f.accessTokens.verify(out.accessToken, f.clock.now())).to.deep.include({ orgId: other.id, role: 'ADMIN' });
      expect((await f.recordOf(out.refreshToken))?.orgId).to.equal(other.id);
    });
  });

  describe('expected failures', () => {
    it('UnknownRefreshToken for a token never issued, and nothing changes', async () => {
      const { user } = await f.seedSession();
      const before = f.refreshTokens.all();
      expect(await rotation().execute({ refreshToken: '9b2f8f5e-1111-4222-8333-944445555666' })).to.deep.equal(
        E.left({ _tag: 'UnknownRefreshToken' }),
      );
      expect(f.refreshTokens.all()).to.deep.equal(before);
      expect(await activeOf(user.id)).to.have.length(1);
    });

    it(
      'RefreshTokenReused for a rotated token presented again: every token of the user is revoked, other users ' +
        'keep theirs',
      async () => {
        const { user, organization, membership, refreshToken } = await f.seedSession();
        const otherSession = await f.sessions.start(user, membership, organization, f.clock.now());
        rotated(await rotation().execute({ refreshToken }));
        const bystander = await f.seedUser('bia@example.com');
        await f.sessions.start(bystander, { ...membership, userId: bystander.id }, organization, f.clock.now());

        expect(await rotation().execute({ refreshToken })).to.deep.equal(E.left({ _tag: 'RefreshTokenReused' }));
        expect(await activeOf(user.id)).to.deep.equal([]);
        expect((await f.recordOf(otherSession.refreshToken))?.revokedAt).to.deep.equal(f.clock.now());
        expect(await activeOf(bystander.id)).to.have.length(1);
      },
    );

    it('RefreshTokenReused for a token revoked by logout, with the same revocation of every token', async () => {
      const { user, organization, membership, refreshToken } = await f.seedSession();
      await f.refreshTokens.revokeAllOfUser(user.id, f.clock.now());
      f.clock.advance(1_000);
      const later = await f.sessions.start(user, membership, organization, f.clock.now());
      expect(await rotation().execute({ refreshToken })).to.deep.equal(E.left({ _tag: 'RefreshTokenReused' }));
      expect((await f.recordOf(later.refreshToken))?.revokedAt).to.deep.equal(f.clock.now());
    });

    it('RefreshTokenExpired at the expiry instant: that token is revoked, the other sessions stay', async () => {
      const { user, organization, membership, refreshToken } = await f.seedSession();
      f.clock.advance(60_000);
      const younger = await f.sessions.start(user, membership, organization, f.clock.now());
      f.clock.advance(SEVEN_DAYS_MS - 60_000);
      expect(await rotation().execute({ refreshToken })).to.deep.equal(E.left({ _tag: 'RefreshTokenExpired' }));
      expect((await f.recordOf(refreshToken))?.revokedAt).to.deep.equal(f.clock.now());
      expect(await activeOf(user.id)).to.deep.equal([(await f.recordOf(younger.refreshToken))?.id]);
    });

    it('NoMembership when the user is gone: the token is revoked and nothing is issued', async () => {
      const { user, refreshToken } = await f.seedSession();
      f.users.delete(user.id);
      const count = f.refreshTokens.all().length;
      expect(await rotation().execute({ refreshToken })).to.deep.equal(E.left({ _tag: 'NoMembership' }));
      expect((await f.recordOf(refreshToken))?.revokedAt).to.deep.equal(f.clock.now());
      expect(f.refreshTokens.all()).to.have.length(count);
    });

    it('NoMembership when the user belongs to no organization any more: the token is revoked', async () => {
      const { user, organization, refreshToken } = await f.seedSession();
      await f.memberships.remove(user.id, organization.id);
      expect(await rotation().execute({ refreshToken })).to.deep.equal(E.left({ _tag: 'NoMembership' }));
      expect(await activeOf(user.id)).to.deep.equal([]);
    });
  });

  describe('the grace interval (CONTRACT 5.3)', () => {
    it('refuses the immediate predecessor of the active token without revoking anything', async () => {
      const { user, refreshToken } = await f.seedSession();
      const out = rotated(await rotation(GRACE_MS).execute({ refreshToken }));
      f.clock.advance(GRACE_MS);
      expect(await rotation(GRACE_MS).execute({ refreshToken })).to.deep.equal(E.left({ _tag: 'RefreshTokenInGrace' }));
      expect(await activeOf(user.id)).to.deep.equal([(await f.recordOf(out.refreshToken))?.id]);
    });

    it('treats the predecessor as reuse once the interval has passed', async () => {
      const { user, refreshToken } = await f.seedSession();
      rotated(await rotation(GRACE_MS).execute({ refreshToken }));
      f.clock.advance(GRACE_MS + 1);
      expect(await rotation(GRACE_MS).execute({ refreshToken })).to.deep.equal(E.left({ _tag: 'RefreshTokenReused' }));
      expect(await activeOf(user.id)).to.deep.equal([]);
    });

    it('treats a token older than the immediate predecessor as reuse, even inside the interval', async () => {
      const { user, refreshToken } = await f.seedSession();
      const second = rotated(await rotation(GRACE_MS).execute({ refreshToken }));
      rotated(await rotation(GRACE_MS).execute({ refreshToken: second.refreshToken }));
      expect(await rotation(GRACE_MS).execute({ refreshToken })).to.deep.equal(E.left({ _tag: 'RefreshTokenReused' }));
      expect(await activeOf(user.id)).to.deep.equal([]);
    });

    it('treats the predecessor as reuse when its successor is no longer active (logged out meanwhile)', async () => {
      const { user, refreshToken } = await f.seedSession();
      rotated(await rotation(GRACE_MS).execute({ refreshToken }));
      await f.refreshTokens.revokeAllOfUser(user.id, f.clock.now());
      expect(await rotation(GRACE_MS).execute({ refreshToken })).to.deep.equal(E.left({ _tag: 'RefreshTokenReused' }));
    });

    it('is off by default: the immediate predecessor is reuse at once', async () => {
      const { user, refreshToken } = await f.seedSession();
      rotated(await rotation().execute({ refreshToken }));
      expect(await rotation().execute({ refreshToken })).to.deep.equal(E.left({ _tag: 'RefreshTokenReused' }));
      expect(await activeOf(user.id)).to.deep.equal([]);
    });
  });

  describe('a rotation that loses the race between its read and its write', () => {
    it(
      'is reuse when another refresh of the same token won: the whole family is revoked, the winner ' + 'included',
      async () => {
        const { user, refreshToken } = await f.seedSession();
        let winner: E.Either<unknown, RotateRefreshTokenOutput> | undefined;
        f.refreshTokens.interleaveBeforeNextRotate(async () => {
          winner = await rotation().execute({ refreshToken });
        });
        const loser = await rotation().execute({ refreshToken });
        const won = rotated(winner ?? E.left('the concurrent refresh did not run'));
        expect(loser).to.deep.equal(E.left({ _tag: 'RefreshTokenReused' }));
        expect((await f.recordOf(won.refreshToken))?.revokedAt).to.deep.equal(f.clock.now());
        expect(await activeOf(user.id)).to.deep.equal([]);
      },
    );

    it('inside the grace interval, is refused without punishing the winner', async () => {
      const { user, refreshToken } = await f.seedSession();
      let winner: E.Either<unknown, RotateRefreshTokenOutput> | undefined;
      f.refreshTokens.interleaveBeforeNextRotate(async () => {
        winner = await rotation(GRACE_MS).execute({ refreshToken });
      });
      const loser = await rotation(GRACE_MS).execute({ refreshToken });
      const won = rotated(winner ?? E.left('the concurrent refresh did not run'));
      expect(loser).to.deep.equal(E.left({ _tag: 'RefreshTokenInGrace' }));
      expect(await activeOf(user.id)).to.deep.equal([(await f.recordOf(won.refreshToken))?.id]);
    });

    it('is reuse when a logout revoked the token meanwhile, and issues nothing', async () => {
      const { user, refreshToken } = await f.seedSession();
      f.refreshTokens.interleaveBeforeNextRotate(async () => {
        await f.refreshTokens.revokeAllOfUser(user.id, f.clock.now());
      });
      const count = f.refreshTokens.all().length;
      expect(await rotation(GRACE_MS).execute({ refreshToken })).to.deep.equal(E.left({ _tag: 'RefreshTokenReused' }));
      expect(f.refreshTokens.all()).to.have.length(count);
      expect(await activeOf(user.id)).to.deep.equal([]);
    });
  });
});
