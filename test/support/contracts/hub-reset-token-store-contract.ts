import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { HubResetTokenRecord, HubResetTokenStore } from '../../../src/application/hub-identity/ports';
import { ProcessDied, WriteFaults } from '../fakes/write-faults';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const IN_AN_HOUR = new Date('2026-11-21T11:00:00.000Z');
const NEW_HASH = 'new-password-hash';

const resetToken = (): HubResetTokenRecord => ({
  tokenHash: randomUUID(),
  userId: randomUUID(),
  expiresAt: IN_AN_HOUR,
  usedAt: null,
});
const pendingOf = (t: HubResetTokenRecord, passwordHash: string, usedAt: Date) => ({
  tokenHash: t.tokenHash,
  userId: t.userId,
  passwordHash,
  usedAt,
});

/** The behaviour every HubResetTokenStore must have; run against the fake and the MongoDB store. */
export function hubResetTokenStoreContract(make: (faults: WriteFaults) => Promise<HubResetTokenStore>): void {
  let store: HubResetTokenStore;
  let faults: WriteFaults;
  beforeEach(async () => {
    faults = new WriteFaults();
    store = await make(faults);
  });
  // The resets of one token among the pending ones (the MongoDB collection is shared by the suite's cases).
  const pendingFor = async (of: { tokenHash: string }, usedBefore: Date) =>
    (await store.pending(usedBefore, 10_000)).filter((r) => r.tokenHash === of.tokenHash);

  it('consumes a token once, then reports it used once its reset is applied', async () => {
    const token = resetToken();
    await store.create(token);
    expect(await store.consume(token.tokenHash, NEW_HASH, NOW)).to.deep.equal({
      kind: 'consumed',
      userId: token.userId,
    });
    await store.markApplied(token.tokenHash);
    expect(await store.consume(token.tokenHash, 'another-hash', NOW)).to.deep.equal({ kind: 'already-used' });
  });

  it('a consumed token carries its reset, pending with the hash the consume stored, until marked applied', async () => {
    const token = resetToken();
    await store.create(token);
    await store.consume(token.tokenHash, NEW_HASH, NOW);
    const later = new Date(NOW.getTime() + 120_000);
    expect(await store.consume(token.tokenHash, 'another-hash', later)).to.deep.equal({
      kind: 'pending',
      reset: pendingOf(token, NEW_HASH, NOW),
    });
    expect(await pendingFor(token, later)).to.deep.equal([pendingOf(token, NEW_HASH, NOW)]);
    await store.markApplied(token.tokenHash);
    await store.markApplied(token.tokenHash);
    expect(await pendingFor(token, later)).to.deep.equal([]);
    expect(await store.consume(token.tokenHash, 'another-hash', later)).to.deep.equal({ kind: 'already-used' });
  });

  it('lists the pending resets consumed at or before the time given, oldest first, at most the limit', async () => {
    // Consumed before any other case's (the collection is shared by the suite's cases).
    const NOW = new Date('2020-01-01T00:00:00.000Z');
    const [a, b, c] = [resetToken(), resetToken(), resetToken()];
    for (const t of [a, b, c]) await store.create(t);
    await store.consume(b.tokenHash, 'hash-b', NOW);
    await store.consume(a.tokenHash, 'hash-a', new Date(NOW.getTime() + 1_000));
    await store.consume(c.tokenHash, 'hash-c', new Date(NOW.getTime() + 2_000));
    expect(await store.pending(new Date(NOW.getTime() + 1_000), 10)).to.deep.equal([
      pendingOf(b, 'hash-b', NOW),
      pendingOf(a, 'hash-a', new Date(NOW.getTime() + 1_000)),
    ]);
    expect(await store.pending(new Date(NOW.getTime() + 5_000), 1)).to.deep.equal([pendingOf(b, 'hash-b', NOW)]);
    expect(await store.pending(new Date(NOW.getTime() - 1), 10)).to.deep.equal([]);
    expect(await store.pending(new Date(NOW.getTime() + 5_000), 10, new Date(NOW.getTime() + 1_000))).to.deep.equal([
      pendingOf(a, 'hash-a', new Date(NOW.getTime() + 1_000)),
      pendingOf(c, 'hash-c', new Date(NOW.getTime() + 2_000)),
    ]);
  });

  it('refuses an unknown token and one at or past its expiry as invalid', async () => {
    const token = resetToken();
    await store.create(token);
    expect(await store.consume(randomUUID(), NEW_HASH, NOW)).to.deep.equal({ kind: 'invalid' });
    expect(await store.consume(token.tokenHash, NEW_HASH, IN_AN_HOUR)).to.deep.equal({ kind: 'invalid' });
    expect(await pendingFor(token, IN_AN_HOUR)).to.deep.equal([]);
  });

  it('reports a used token as used even after its expiry; a pending one stays pending', async () => {
    const [applied, pending] = [resetToken(), resetToken()];
    await store.create(applied);
    await store.create(pending);
    await store.consume(applied.tokenHash, NEW_HASH, NOW);
    await store.markApplied(applied.tokenHash);
    await store.consume(pending.tokenHash, NEW_HASH, NOW);
    const pastExpiry = new Date(IN_AN_HOUR.getTime() + 1);
    expect(await store.consume(applied.tokenHash, NEW_HASH, pastExpiry)).to.deep.equal({ kind: 'already-used' });
    expect(await store.consume(pending.tokenHash, NEW_HASH, pastExpiry)).to.deep.equal({
      kind: 'pending',
      reset: pendingOf(pending, NEW_HASH, NOW),
    });
  });

  it(
    "lets exactly one of many concurrent consumptions of one token succeed; the others see the winner's " + 'reset',
    async () => {
      const token = resetToken();
      await store.create(token);
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, (_, i) => store.consume(token.tokenHash, `hash-${i}`, NOW)),
      );
      const winner = outcomes.findIndex((o) => o.kind === 'consumed');
      expect(outcomes.filter((o) => o.kind === 'consumed')).to.have.length(1);
      expect(outcomes.filter((o) => o.kind !== 'consumed')).to.deep.equal(
        Array.from({ length: 7 }, () => ({ kind: 'pending', reset: pendingOf(token, `hash-${winner}`, NOW) })),
      );
    },
  );

  it('(crash) a consume killed before its write leaves the token unused: the link still works', async () => {
    const token = resetToken();
    await store.create(token);
    faults.dieBefore('hub_reset_tokens');
    let caught: unknown;
    await store.consume(token.tokenHash, NEW_HASH, NOW).catch((error: unknown) => (caught = error));
    expect(caught).to.be.instanceOf(ProcessDied);
    faults.revive();
    expect(await pendingFor(token, IN_AN_HOUR)).to.deep.equal([]);
    expect(await store.consume(token.tokenHash, NEW_HASH, NOW)).to.deep.equal({
      kind: 'consumed',
      userId: token.userId,
    });
  });

  it(
    '(crash) a markApplied killed before its write leaves the reset pending, for its completion to apply ' + 'again',
    async () => {
      const token = resetToken();
      await store.create(token);
      await store.consume(token.tokenHash, NEW_HASH, NOW);
      faults.dieAt(1);
      let caught: unknown;
      await store.markApplied(token.tokenHash).catch((error: unknown) => (caught = error));
      expect(caught).to.be.instanceOf(ProcessDied);
      faults.revive();
      expect(await pendingFor(token, IN_AN_HOUR)).to.deep.equal([pendingOf(token, NEW_HASH, NOW)]);
      await store.markApplied(token.tokenHash);
      expect(await pendingFor(token, IN_AN_HOUR)).to.deep.equal([]);
    },
  );
}
