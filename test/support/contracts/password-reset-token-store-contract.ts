import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { PasswordResetTokenStore } from '../../../src/application/sales-identity/ports';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const IN_AN_HOUR = new Date('2026-11-21T11:00:00.000Z');

export function passwordResetTokenStoreContract(make: () => Promise<PasswordResetTokenStore>): void {
  let store: PasswordResetTokenStore;
  beforeEach(async () => {
    store = await make();
  });
  const token = () => ({ tokenHash: randomUUID(), userId: randomUUID(), expiresAt: IN_AN_HOUR, createdAt: NOW });

  it('consumes a token once, then reports it used', async () => {
    const t = token();
    await store.save(t);
    expect(await store.consume(t.tokenHash, NOW)).to.deep.equal({ outcome: 'consumed', userId: t.userId });
    expect(await store.consume(t.tokenHash, NOW)).to.deep.equal({ outcome: 'already-used' });
  });

  it('consumes a token up to the last millisecond before its expiry', async () => {
    const t = token();
    await store.save(t);
    expect(await store.consume(t.tokenHash, new Date(IN_AN_HOUR.getTime() - 1))).to.deep.equal({ outcome: 'consumed', userId: t.userId });
  });

  it('reports an expired and an unknown token', async () => {
    const t = token();
    await store.save(t);
    expect(await store.consume(t.tokenHash, IN_AN_HOUR)).to.deep.equal({ outcome: 'expired' });
    expect(await store.consume(t.tokenHash, IN_AN_HOUR)).to.deep.equal({ outcome: 'expired' });
    expect(await store.consume(randomUUID(), NOW)).to.deep.equal({ outcome: 'unknown' });
  });

  it('a used token stays used after its expiry (not reported as merely expired)', async () => {
    const t = token();
    await store.save(t);
    await store.consume(t.tokenHash, NOW);
    expect(await store.consume(t.tokenHash, new Date(IN_AN_HOUR.getTime() + 60_000))).to.deep.equal({ outcome: 'already-used' });
  });

  it('consuming one token of a user leaves the other usable', async () => {
    const first = token();
    const second = { ...token(), userId: first.userId };
    await store.save(first);
    await store.save(second);
    await store.consume(first.tokenHash, NOW);
    expect(await store.consume(second.tokenHash, NOW)).to.deep.equal({ outcome: 'consumed', userId: first.userId });
  });

  it('refuses a second token with the same hash', async () => {
    const t = token();
    await store.save(t);
    let caught: unknown;
    await store.save({ ...t, userId: randomUUID() }).catch((error: unknown) => (caught = error));
    expect(caught).to.be.instanceOf(Error);
    expect(await store.consume(t.tokenHash, NOW)).to.deep.equal({ outcome: 'consumed', userId: t.userId });
  });

  it('lets exactly one of many concurrent consumptions of one token succeed', async () => {
    const t = token();
    await store.save(t);
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => store.consume(t.tokenHash, NOW)));
    expect(outcomes.filter((o) => o.outcome === 'consumed')).to.have.length(1);
    expect(outcomes.filter((o) => o.outcome === 'already-used')).to.have.length(7);
  });
}
