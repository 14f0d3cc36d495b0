import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { PasswordResetTokenStore } from '../../../src/application/sales-identity/ports';
import { ProcessDied, WriteFaults } from '../fakes/write-faults';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const IN_AN_HOUR = new Date('2026-11-21T11:00:00.000Z');
const NEW_HASH = 'new-password-hash';

export function passwordResetTokenStoreContract(make: (faults: WriteFaults) => Promise<PasswordResetTokenStore>): void {
  let store: PasswordResetTokenStore;
  let faults: WriteFaults;
  beforeEach(async () => {
    faults = new WriteFaults();
    store = await make(faults);
  });
  // The resets of one token among the pending ones (the MongoDB collection is shared by the suite's cases).
  const pendingFor = async (of: { tokenHash: string }, usedBefore: Date) =>
    (await store.pending(usedBefore, 10_000)).filter((r) => r.tokenHash === of.tokenHash);
  const token = () => ({ tokenHash: randomUUID(), userId: randomUUID(), expiresAt: IN_AN_HOUR, createdAt: NOW });
  const pendingOf = (t: { tokenHash: string; userId: string }, passwordHash: string, usedAt: Date) => ({
    tokenHash: t.tokenHash,
    userId: t.userId,
    passwordHash,
    usedAt,
  });

  it('consumes a token once, then reports it used once its reset is applied', async () => {
    const t = token();
    await store.save(t);
    expect(await store.consume(t.tokenHash, NEW_HASH, NOW)).to.deep.equal({ outcome: 'consumed', userId: t.userId });
    await store.markApplied(t.tokenHash);
    expect(await store.consume(t.tokenHash, 'another-hash', NOW)).to.deep.equal({ outcome: 'already-used' });
  });

  it('a consumed token carries its reset, pending with the hash the consume stored, until marked applied', async () => {
    const t = token();
    await store.save(t);
    await store.consume(t.tokenHash, NEW_HASH, NOW);
    const later = new Date(NOW.getTime() + 120_000);
    expect(await store.consume(t.tokenHash, 'another-hash', later)).to.deep.equal({
      outcome: 'pending',
      reset: pendingOf(t, NEW_HASH, NOW),
    });
    expect(await pendingFor(t, later)).to.deep.equal([pendingOf(t, NEW_HASH, NOW)]);
    await store.markApplied(t.tokenHash);
    await store.markApplied(t.tokenHash);
    expect(await pendingFor(t, later)).to.deep.equal([]);
    expect(await store.consume(t.tokenHash, 'another-hash', later)).to.deep.equal({ outcome: 'already-used' });
  });

  it('lists the pending resets consumed at or before the time given, oldest first, at most the limit', async () => {
    // Consumed before any other case's (the collection is shared by the suite's cases).
    const NOW = new Date('2020-01-01T00:00:00.000Z');
    const [a, b, c] = [token(), token(), token()];
    for (const t of [a, b, c]) await store.save(t);
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

  it('a pending reset stays pending past its token expiry (it was accepted in time)', async () => {
    const t = token();
    await store.save(t);
    await store.consume(t.tokenHash, NEW_HASH, NOW);
    const pastExpiry = new Date(IN_AN_HOUR.getTime() + 60_000);
    expect(await store.consume(t.tokenHash, NEW_HASH, pastExpiry)).to.deep.equal({
      outcome: 'pending',
      reset: pendingOf(t, NEW_HASH, NOW),
    });
    expect(await pendingFor(t, pastExpiry)).to.deep.equal([pendingOf(t, NEW_HASH, NOW)]);
  });

  it('consumes a token up to the last millisecond before its expiry', async () => {
    const t = token();
    await store.save(t);
    expect(await store.consume(t.tokenHash, NEW_HASH, new Date(IN_AN_HOUR.getTime() - 1))).to.deep.equal({
      outcome: 'consumed',
      userId: t.userId,
    });
  });

  it('reports an expired and an unknown token', async () => {
    const t = token();
    await store.save(t);
    expect(await store.consume(t.tokenHash, NEW_HASH, IN_AN_HOUR)).to.deep.equal({ outcome: 'expired' });
    expect(await store.consume(t.tokenHash, NEW_HASH, IN_AN_HOUR)).to.deep.equal({ outcome: 'expired' });
    expect(await store.consume(randomUUID(), NEW_HASH, NOW)).to.deep.equal({ outcome: 'unknown' });
    expect(await pendingFor(t, IN_AN_HOUR)).to.deep.equal([]);
  });

  it('a used token stays used after its expiry (not reported as merely expired)', async () => {
    const t = token();
    await store.save(t);
    await store.consume(t.tokenHash, NEW_HASH, NOW);
    await store.markApplied(t.tokenHash);
    expect(await store.consume(t.tokenHash, NEW_HASH, new Date(IN_AN_HOUR.getTime() + 60_000))).to.deep.equal({
      outcome: 'already-used',
    });
  });

  it('consuming one token of a user leaves the other usable', async () => {
    const first = token();
    const second = { ...token(), userId: first.userId };
    await store.save(first);
    await store.save(second);
    await store.consume(first.tokenHash, NEW_HASH, NOW);
    expect(await store.consume(second.tokenHash, NEW_HASH, NOW)).to.deep.equal({
      outcome: 'consumed',
      userId: first.userId,
    });
  });

  it('refuses a second token with the same hash', async () => {
    const t = token();
    await store.save(t);
    let caught: unknown;
    await store.save({ ...t, userId: randomUUID() }).catch((error: unknown) => (caught = error));
    expect(caught).to.be.instanceOf(Error);
    expect(await store.consume(t.tokenHash, NEW_HASH, NOW)).to.deep.equal({ outcome: 'consumed', userId: t.userId });
  });

  it(
    "lets exactly one of many concurrent consumptions of one token succeed; the others see the winner's " + 'reset',
    async () => {
      // Five tokens' races at once: a server whose write does not re-check its filter lets two through in some.
      await Promise.all(
        Array.from({ length: 5 }, async () => {
          const t = token();
          await store.save(t);
          const outcomes = await Promise.all(
            Array.from({ length: 8 }, (_, i) => store.consume(t.tokenHash, `hash-${i}`, NOW)),
          );
          const winner = outcomes.findIndex((o) => o.outcome === 'consumed');
          expect(outcomes.filter((o) => o.outcome === 'consumed')).to.have.length(1);
          expect(outcomes.filter((o) => o.outcome !== 'consumed')).to.deep.equal(
            Array.from({ length: 7 }, () => ({ outcome: 'pending', reset: pendingOf(t, `hash-${winner}`, NOW) })),
          );
        }),
      );
    },
  );

  it('(crash) a consume killed before its write leaves the token unused: the link still works', async () => {
    const t = token();
    await store.save(t);
    faults.dieBefore('sales_password_reset_tokens');
    let caught: unknown;
    await store.consume(t.tokenHash, NEW_HASH, NOW).catch((error: unknown) => (caught = error));
    expect(caught).to.be.instanceOf(ProcessDied);
    faults.revive();
    expect(await pendingFor(t, IN_AN_HOUR)).to.deep.equal([]);
    expect(await store.consume(t.tokenHash, NEW_HASH, NOW)).to.deep.equal({ outcome: 'consumed', userId: t.userId });
  });

  it(
    '(crash) a markApplied killed before its write leaves the reset pending, for its completion to apply ' + 'again',
    async () => {
      const t = token();
      await store.save(t);
      await store.consume(t.tokenHash, NEW_HASH, NOW);
      faults.dieAt(1);
      let caught: unknown;
      await store.markApplied(t.tokenHash).catch((error: unknown) => (caught = error));
      expect(caught).to.be.instanceOf(ProcessDied);
      faults.revive();
      expect(await pendingFor(t, IN_AN_HOUR)).to.deep.equal([pendingOf(t, NEW_HASH, NOW)]);
      await store.markApplied(t.tokenHash);
      expect(await pendingFor(t, IN_AN_HOUR)).to.deep.equal([]);
    },
  );
}
