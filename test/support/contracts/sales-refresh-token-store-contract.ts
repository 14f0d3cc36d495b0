import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { SalesRefreshTokenStore } from '../../../src/application/sales-identity/ports';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const LATER = new Date('2026-11-28T10:00:00.000Z');

export function salesRefreshTokenStoreContract(make: () => Promise<SalesRefreshTokenStore>): void {
  let store: SalesRefreshTokenStore;
  beforeEach(async () => {
    store = await make();
  });
  const token = (userId = randomUUID()) => ({ tokenHash: randomUUID(), userId, expiresAt: LATER, createdAt: NOW });

  it('finds an active token until it expires', async () => {
    const t = token();
    await store.save(t);
    expect(await store.findActive(t.tokenHash, NOW)).to.deep.equal({ tokenHash: t.tokenHash, userId: t.userId, expiresAt: LATER });
    expect(await store.findActive(t.tokenHash, LATER)).to.equal(undefined);
    expect(await store.findActive(randomUUID(), NOW)).to.equal(undefined);
  });

  it('a revoked token is no longer active; revoking twice is harmless', async () => {
    const t = token();
    await store.save(t);
    await store.revoke(t.tokenHash, NOW);
    await store.revoke(t.tokenHash, NOW);
    expect(await store.findActive(t.tokenHash, NOW)).to.equal(undefined);
  });

  it('revokes every token of one user and only theirs', async () => {
    const userId = randomUUID();
    const [a, b, other] = [token(userId), token(userId), token()];
    for (const t of [a, b, other]) await store.save(t);
    await store.revokeAllOfUser(userId, NOW);
    expect(await store.findActive(a.tokenHash, NOW)).to.equal(undefined);
    expect(await store.findActive(b.tokenHash, NOW)).to.equal(undefined);
    expect(await store.findActive(other.tokenHash, NOW)).not.to.equal(undefined);
  });
}
