import { expect } from 'chai';
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { RotateRefreshToken } from '../../../src/application/hub-identity/rotate-refresh-token';
import { hubIdentityFakes } from '../../support/hub-identity-fakes';

type Step =
  | { kind: 'login' }
  | { kind: 'refresh'; pick: number }
  | { kind: 'replay'; pick: number }
  | { kind: 'logout' }
  | { kind: 'wait'; ms: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant<Step>({ kind: 'login' }),
  fc.nat(20).map<Step>((pick) => ({ kind: 'refresh', pick })),
  fc.nat(20).map<Step>((pick) => ({ kind: 'replay', pick })),
  fc.constant<Step>({ kind: 'logout' }),
  fc.integer({ min: 1, max: 8 * 24 * 3600 * 1000 }).map<Step>((ms) => ({ kind: 'wait', ms })),
);

describe('RotateRefreshToken (property)', () => {
  it('keeps at most one active token per chain, and any replay leaves the user with none', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 40 }), async (steps) => {
        const f = hubIdentityFakes();
        const { clock, hasher, refreshTokens: store } = f;
        const ORG = await f.seedOrganization();
        const USER = await f.seedUser();
        const MEMBERSHIP = await f.seedMembership(USER, ORG);
        const rotate = new RotateRefreshToken(
          store,
          f.ending,
          f.users,
          f.memberships,
          f.accessTokens,
          f.secrets,
          hasher,
          clock,
        );
        // Every refresh token value the client ever held, and which of them are current (never rotated by us).
        const current: string[] = [];
        const spent: string[] = [];

        for (const s of steps) {
          if (s.kind === 'login') {
            current.push((await f.sessions.start(USER, MEMBERSHIP, ORG, clock.now())).refreshToken);
          } else if (s.kind === 'refresh' && current.length > 0) {
            const index = s.pick % current.length;
            const presented = current[index] as string;
            const record = await store.findByHash(hasher.hash(presented));
            const result = await rotate.execute({ refreshToken: presented });
            current.splice(index, 1);
            spent.push(presented);
            if (E.isRight(result)) {
              current.push(result.right.refreshToken);
              expect(record?.revokedAt).to.equal(null);
            } else {
              expect(result.left._tag).to.be.oneOf(['RefreshTokenReused', 'RefreshTokenExpired']);
            }
          } else if (s.kind === 'replay' && spent.length > 0) {
            const result = await rotate.execute({ refreshToken: spent[s.pick % spent.length] as string });
            expect(E.isLeft(result)).to.equal(true);
            // Any replay of a spent token leaves the user with no active token.
            expect(await store.activeOfUser(USER.id, clock.now())).to.deep.equal([]);
          } else if (s.kind === 'logout') {
            await store.revokeAllOfUser(USER.id, clock.now());
            expect(await store.activeOfUser(USER.id, clock.now())).to.deep.equal([]);
          } else if (s.kind === 'wait') {
            clock.advance(s.ms);
          }
          // At most one active token per chain (family), always.
          const active = await store.activeOfUser(USER.id, clock.now());
          const families = active.map((r) => r.familyId);
          expect(new Set(families).size).to.equal(families.length);
          // A rotated token always names its successor, which belongs to the same chain.
          for (const record of store.all().filter((r) => r.replacedBy !== null)) {
            expect(store.all().find((r) => r.id === record.replacedBy)?.familyId).to.equal(record.familyId);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
