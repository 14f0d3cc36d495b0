import { expect } from 'chai';
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { RotateRefreshToken } from '../../../src/application/hub-identity/rotate-refresh-token';
import { SessionIssuer } from '../../../src/application/hub-identity/session-issuer';
import type { AccessTokenIssuer, HubUserRepository, MembershipRepository } from '../../../src/application/hub-identity/ports';
import type { HubUser, Membership, Organization } from '../../../src/domain/hub-identity/tenancy';
import { InMemoryHubRefreshTokenStore } from '../../support/fakes/in-memory-hub-refresh-token-store';

const USER: HubUser = { id: 'u1', email: 'ana@example.com', name: 'Ana', language: 'pt-BR', passwordHash: 'x' };
const ORG: Organization = { id: 'o1', name: 'Acme', slug: 'acme', createdAt: new Date(0) };
const MEMBERSHIP: Membership = { userId: 'u1', orgId: 'o1', role: 'MEMBER', permissions: [], joinedAt: new Date(0) };

// Stubs of the read-only collaborators; the state under test lives in the refresh-token fake.
const users: HubUserRepository = {
  create: async () => true,
  findByEmail: async () => USER,
  findById: async (id) => (id === USER.id ? USER : undefined),
  setPasswordHash: async () => undefined,
};
const memberships: MembershipRepository = { add: async () => true, find: async () => MEMBERSHIP, latestOf: async () => MEMBERSHIP };
const accessTokens: AccessTokenIssuer = { issue: (_claims, now) => ({ accessToken: 'jwt', expiresAt: Math.floor(now.getTime() / 1000) + 900 }) };

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
        let now = new Date('2026-11-21T10:00:00.000Z').getTime();
        const clock = { now: () => new Date(now) };
        let counter = 0;
        const secrets = { hex: () => `h${(counter += 1)}`, uuid: () => `00000000-0000-4000-8000-${String((counter += 1)).padStart(12, '0')}` };
        const hasher = { hash: (s: string) => `sha:${s}` };
        const store = new InMemoryHubRefreshTokenStore();
        const issuer = new SessionIssuer(store, accessTokens, secrets, hasher);
        const rotate = new RotateRefreshToken(store, users, memberships, accessTokens, secrets, hasher, clock);
        // Every refresh token value the client ever held, and which of them are current (never rotated by us).
        const current: string[] = [];
        const spent: string[] = [];

        for (const s of steps) {
          if (s.kind === 'login') {
            current.push((await issuer.start(USER, MEMBERSHIP, ORG, clock.now())).refreshToken);
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
            now += s.ms;
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
