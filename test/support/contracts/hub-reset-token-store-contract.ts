import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { HubResetTokenRecord, HubResetTokenStore } from '../../../src/application/hub-identity/ports';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const IN_AN_HOUR = new Date('2026-11-21T11:00:00.000Z');

const resetToken = (): HubResetTokenRecord => ({ tokenHash: randomUUID(), userId: randomUUID(), expiresAt: IN_AN_HOUR, usedAt: null });

/** The behaviour every HubResetTokenStore must have; run against the fake and the MongoDB store. */
export function hubResetTokenStoreContract(make: () => Promise<HubResetTokenStore>): void {
  let store: HubResetTokenStore;
  beforeEach(async () => {
    store = await make();
  });

  it('consumes a token once, then reports it used', async () => {
    const token = resetToken();
    await store.create(token);
    expect(await store.consume(token.tokenHash, NOW)).to.deep.equal({ kind: 'consumed', userId: token.userId });
    expect(await store.consume(token.tokenHash, NOW)).to.deep.equal({ kind: 'already-used' });
  });

  it('refuses an unknown token and one at or past its expiry as invalid', async () => {
    const token = resetToken();
    await store.create(token);
    expect(await store.consume(randomUUID(), NOW)).to.deep.equal({ kind: 'invalid' });
    expect(await store.consume(token.tokenHash, IN_AN_HOUR)).to.deep.equal({ kind: 'invalid' });
  });

  it('reports a used token as used even after its expiry', async () => {
    const token = resetToken();
    await store.create(token);
    await store.consume(token.tokenHash, NOW);
    expect(await store.consume(token.tokenHash, new Date(IN_AN_HOUR.getTime() + 1))).to.deep.equal({ kind: 'already-used' });
  });

  it('lets exactly one of many concurrent consumptions of one token succeed', async () => {
    const token = resetToken();
    await store.create(token);
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => store.consume(token.tokenHash, NOW)));
    expect(outcomes.filter((o) => o.kind === 'consumed')).to.have.length(1);
    expect(outcomes.filter((o) => o.kind === 'already-used')).to.have.length(7);
  });
}
