import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { RateLimitStore } from '../../../src/application/shared/ports';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What every RateLimitStore must do (the in-memory and the Redis adapter run the same suite).
 * Windows are short and real, so the suite needs no knowledge of the adapter's clock.
 */
export function rateLimitStoreContract(
  name: string,
  setup: () => Promise<{ store: RateLimitStore; teardown: () => Promise<void> }>,
): void {
  describe(`RateLimitStore contract: ${name}`, () => {
    let store: RateLimitStore;
    let teardown: () => Promise<void>;
    let key: (suffix: string) => string;

    beforeEach(async () => {
      ({ store, teardown } = await setup());
      const prefix = randomUUID();
      key = (suffix) => `${prefix}:${suffix}`;
    });
    afterEach(async () => {
      await teardown();
    });

    it('counts hits of one key within a window, starting at 1', async () => {
      const first = await store.hit(key('a'), 60_000);
      const second = await store.hit(key('a'), 60_000);
      const third = await store.hit(key('a'), 60_000);
      expect([first.count, second.count, third.count]).to.deep.equal([1, 2, 3]);
      expect(first.resetInMs).to.be.within(59_000, 60_000);
      expect(third.resetInMs).to.be.at.most(first.resetInMs);
    });

    it('keeps separate counters per key', async () => {
      await store.hit(key('a'), 60_000);
      await store.hit(key('a'), 60_000);
      expect((await store.hit(key('b'), 60_000)).count).to.equal(1);
    });

    it('restarts the count when the window expires', async () => {
      await store.hit(key('a'), 150);
      await store.hit(key('a'), 150);
      await sleep(250);
      const hit = await store.hit(key('a'), 150);
      expect(hit.count).to.equal(1);
    });

    it('fixes the window at its first hit: later hits do not extend it', async () => {
      await store.hit(key('a'), 300);
      await sleep(200);
      const middle = await store.hit(key('a'), 300);
      expect(middle.count).to.equal(2);
      expect(middle.resetInMs).to.be.at.most(150);
      await sleep(150);
      expect((await store.hit(key('a'), 300)).count).to.equal(1);
    });

    it('keeps each key on its own window', async () => {
      await store.hit(key('short'), 150);
      await store.hit(key('long'), 60_000);
      await sleep(250);
      expect((await store.hit(key('short'), 150)).count).to.equal(1);
      const long = await store.hit(key('long'), 60_000);
      expect(long.count).to.equal(2);
      expect(long.resetInMs).to.be.within(1, 60_000);
    });

    it('counts concurrent hits exactly once each', async () => {
      const hits = await Promise.all(Array.from({ length: 50 }, () => store.hit(key('burst'), 60_000)));
      expect(hits.map((h) => h.count).sort((a, b) => a - b)).to.deep.equal(Array.from({ length: 50 }, (_, i) => i + 1));
    });
  });
}
