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
    expect(await store.findActive(t.tokenHash, NOW)).to.deep.equal({
      tokenHash: t.tokenHash,
      userId: t.userId,
      expiresAt: LATER,
    });
    expect(await store.findActive(t.tokenHash, new Date(LATER.getTime() - 1))).to.deep.equal({
      tokenHash: t.tokenHash,
      userId: t.userId,
      expiresAt: LATER,
    });
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

  it('revoking an unknown token is harmless and stores nothing', async () => {
    const tokenHash = randomUUID();
    await store.revoke(tokenHash, NOW);
    await store.revokeAllOfUser(randomUUID(), NOW);
    expect(await store.findActive(tokenHash, NOW)).to.equal(undefined);
  });

  it('refuses a second token with the same hash', async () => {
    const t = token();
    await store.save(t);
    let caught: unknown;
    await store.save({ ...t, userId: randomUUID() }).catch((error: unknown) => (caught = error));
    expect(caught).to.be.instanceOf(Error);
    expect((await store.findActive(t.tokenHash, NOW))?.userId).to.equal(t.userId);
  });

  it('names the tokens of a user usable since a time: unrevoked or revoked since, unexpired then', async () => {
    const userId = randomUUID();
    const [active, revokedLater, revokedBefore, expired, other] = [
      token(userId),
      token(userId),
      token(userId),
      { ...token(userId), expiresAt: NOW },
      token(),
    ];
    for (const t of [active, revokedLater, revokedBefore, expired, other]) await store.save(t);
    await store.revoke(revokedBefore.tokenHash, new Date(NOW.getTime() - 1));
    await store.revoke(revokedLater.tokenHash, NOW);
    expect([...(await store.usableSince(userId, NOW))].sort()).to.deep.equal(
      [active.tokenHash, revokedLater.tokenHash].sort(),
    );
    expect(await store.usableSince(randomUUID(), NOW)).to.deep.equal([]);
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

  it('a token saved after revoking all of a user is active (a new login after a password reset)', async () => {
    const userId = randomUUID();
    await store.save(token(userId));
    await store.revokeAllOfUser(userId, NOW);
    const fresh = token(userId);
    await store.save(fresh);
    expect((await store.findActive(fresh.tokenHash, NOW))?.userId).to.equal(userId);
  });
}
