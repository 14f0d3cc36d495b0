import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { HubRefreshTokenStore } from '../../../src/application/hub-identity/ports';
import { newSessionToken, successorOf, type RefreshTokenRecord } from '../../../src/domain/hub-identity/refresh-token';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const later = (ms: number): Date => new Date(NOW.getTime() + ms);

function token(userId: string, now = NOW): RefreshTokenRecord {
  const id = randomUUID();
  return newSessionToken({ id, tokenHash: `hash-${id}`, userId, orgId: 'org-1' }, now);
}

function next(record: RefreshTokenRecord, now = later(1_000)): RefreshTokenRecord {
  const id = randomUUID();
  return successorOf(record, { id, tokenHash: `hash-${id}` }, now);
}

/** The behaviour every HubRefreshTokenStore must have; run against the fake and the MongoDB store. */
export function refreshTokenStoreContract(name: string, makeStore: () => Promise<HubRefreshTokenStore>): void {
  describe(`HubRefreshTokenStore contract: ${name}`, () => {
    let store: HubRefreshTokenStore;
    beforeEach(async () => {
      store = await makeStore();
    });

    it('finds a created token by hash and by id', async () => {
      const record = token(randomUUID());
      await store.create(record);
      expect(await store.findByHash(record.tokenHash)).to.deep.equal(record);
      expect(await store.findById(record.id)).to.deep.equal(record);
      expect(await store.findByHash('nope')).to.equal(undefined);
    });

    it('rotates an active token: revoked with replacedBy, successor stored', async () => {
      const record = token(randomUUID());
      await store.create(record);
      const successor = next(record);
      expect(await store.rotate(record.id, successor, later(1_000))).to.equal('rotated');
      expect(await store.findById(record.id)).to.deep.include({ revokedAt: later(1_000), replacedBy: successor.id });
      expect(await store.findById(successor.id)).to.deep.equal(successor);
    });

    it('refuses to rotate a revoked, an expired or an unknown token and writes nothing', async () => {
      const userId = randomUUID();
      const revoked = token(userId);
      await store.create(revoked);
      await store.revoke(revoked.id, later(1));
      const s1 = next(revoked);
      expect(await store.rotate(revoked.id, s1, later(1_000))).to.equal('lost');
      expect(await store.findById(s1.id)).to.equal(undefined);

      const expiring = token(userId);
      await store.create(expiring);
      const s2 = next(expiring);
      expect(await store.rotate(expiring.id, s2, expiring.expiresAt)).to.equal('lost');
      expect(await store.findById(s2.id)).to.equal(undefined);

      expect(await store.rotate(randomUUID(), next(token(userId)), later(1_000))).to.equal('lost');
    });

    it('lets exactly one of many concurrent rotations of one token win', async () => {
      const record = token(randomUUID());
      await store.create(record);
      const successors = Array.from({ length: 12 }, () => next(record));
      const outcomes = await Promise.all(successors.map((s) => store.rotate(record.id, s, later(1_000))));
      expect(outcomes.filter((o) => o === 'rotated')).to.have.length(1);
      const winner = successors[outcomes.indexOf('rotated')];
      expect((await store.findById(record.id))?.replacedBy).to.equal(winner?.id);
      const stored = await Promise.all(successors.map((s) => store.findById(s.id)));
      expect(stored.filter((s) => s !== undefined)).to.have.length(1);
    });

    it('revokes every active token of one user and no other', async () => {
      const [alice, bob] = [randomUUID(), randomUUID()];
      const tokens = [token(alice), token(alice), token(bob)];
      for (const t of tokens) await store.create(t);
      await store.revoke(tokens[0]!.id, later(1));
      expect(await store.revokeAllOfUser(alice, later(2))).to.equal(1);
      const [first, second, bobs] = await Promise.all(tokens.map((t) => store.findById(t.id)));
      // An earlier revocation keeps its time.
      expect(first?.revokedAt).to.deep.equal(later(1));
      expect(second?.revokedAt).to.deep.equal(later(2));
      expect(bobs?.revokedAt).to.equal(null);
    });

    it('names the families of a user with a token created since a time, each once', async () => {
      const [alice, bob] = [randomUUID(), randomUUID()];
      const old = token(alice, later(-1_000));
      const rotated = token(alice, later(-1_000));
      const fresh = token(alice);
      for (const t of [old, rotated, fresh, token(bob)]) await store.create(t);
      const successor = next(rotated, NOW);
      await store.rotate(rotated.id, successor, NOW);
      await store.rotate(successor.id, next(successor, later(1)), later(1));
      await store.revokeAllOfUser(alice, later(2));
      expect([...(await store.familiesCreatedSince(alice, NOW))].sort()).to.deep.equal(
        [rotated.familyId, fresh.familyId].sort(),
      );
      expect(await store.familiesCreatedSince(randomUUID(), NOW)).to.deep.equal([]);
    });

    it('revokes one token once, keeping the first revocation time, and ignores an unknown id', async () => {
      const record = token(randomUUID());
      await store.create(record);
      await store.revoke(record.id, later(1));
      await store.revoke(record.id, later(2));
      await store.revoke(randomUUID(), later(2));
      expect(await store.findById(record.id)).to.deep.equal({ ...record, revokedAt: later(1) });
    });
  });
}
