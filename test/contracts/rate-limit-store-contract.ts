import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { RateLimitStore } from '../../src/application/shared/ports';

/**
 * Fixed windows (spec part 8). `wait(ms)` lets the window pass: a manual clock for the memory store,
 * a real (short) wait for Redis, whose expiry is kept by the server.
 */
export function rateLimitStoreContract(make: () => Promise<{ store: RateLimitStore; wait: (ms: number) => Promise<void> }>): void {
  let store: RateLimitStore;
  let wait: (ms: number) => Promise<void>;
  beforeEach(async () => {
    ({ store, wait } = await make());
  });

  it('counts hits of one key within the window and reports the time left', async () => {
    const key = randomUUID();
    const first = await store.hit(key, 60_000);
    const second = await store.hit(key, 60_000);
    expect(first.count).to.equal(1);
    expect(second.count).to.equal(2);
    expect(second.resetInMs).to.be.greaterThan(0).and.at.most(60_000);
  });

  it('keeps separate counters per key', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await store.hit(a, 60_000);
    await store.hit(a, 60_000);
    expect((await store.hit(b, 60_000)).count).to.equal(1);
  });

  it('restarts the count when the window has passed (a fixed window, not moved by later hits)', async () => {
    const key = randomUUID();
    await store.hit(key, 300);
    await wait(150);
    expect((await store.hit(key, 300)).count).to.equal(2);
    await wait(200);
    expect((await store.hit(key, 300)).count).to.equal(1);
  });

  it('counts every one of many concurrent hits', async () => {
    const key = randomUUID();
    const hits = await Promise.all(Array.from({ length: 25 }, () => store.hit(key, 60_000)));
    expect(hits.map((h) => h.count).sort((x, y) => x - y)).to.deep.equal(Array.from({ length: 25 }, (_, i) => i + 1));
  });
}
