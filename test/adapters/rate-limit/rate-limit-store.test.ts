import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Redis } from 'ioredis';
import type { RateLimitStore } from '../../../src/application/shared/ports';
import { FallbackRateLimitStore } from '../../../src/adapters/rate-limit/fallback-rate-limit-store';
import { InMemoryRateLimitStore } from '../../../src/adapters/rate-limit/in-memory-rate-limit-store';
import { closeRedis, connectRedis } from '../../../src/adapters/redis/redis-client';
import { RedisRateLimitStore } from '../../../src/adapters/redis/redis-rate-limit-store';
import { rateLimitStoreContract } from '../../contracts/rate-limit-store-contract';
import { ManualClock } from '../../support/fakes/fixed-clock';
import { redisUrlIfReachable } from '../../support/redis';

describe('RateLimitStore contract', () => {
  describe('in memory', () => {
    rateLimitStoreContract(async () => {
      const clock = new ManualClock();
      return { store: new InMemoryRateLimitStore(clock, 1_000, 0), wait: async (ms) => clock.advance(ms) };
    });

    it('stays bounded: a flood of distinct keys evicts the oldest windows', async () => {
      const store = new InMemoryRateLimitStore(new ManualClock(), 100, 0);
      for (let i = 0; i < 1_000; i += 1) await store.hit(`k${i}`, 60_000);
      expect(store.size).to.equal(100);
    });
  });

  describe('Redis (the machine\'s server)', () => {
    let redis: Redis | undefined;
    before(async function () {
      const url = await redisUrlIfReachable();
      if (url === undefined) this.skip();
      redis = await connectRedis(url, () => undefined);
    });
    after(async () => {
      if (redis !== undefined) await closeRedis(redis);
    });
    // A random prefix per run: parallel runs on the same Redis never share a counter.
    rateLimitStoreContract(async () => ({
      store: new RedisRateLimitStore(redis as Redis, `test:${randomUUID()}:`),
      wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    }));
  });

  describe('fallback when the shared store fails', () => {
    it('counts in memory instead of failing and reports the switch once each way', async () => {
      let failing = true;
      const primary: RateLimitStore = {
        hit: async (key, windowMs) => {
          if (failing) throw new Error('Connection is closed.');
          return { count: 99, resetInMs: windowMs };
        },
      };
      const events: boolean[] = [];
      const store = new FallbackRateLimitStore(primary, new InMemoryRateLimitStore(new ManualClock(), 100, 0), ({ degraded }) => events.push(degraded));
      expect((await store.hit('k', 1_000)).count).to.equal(1);
      expect((await store.hit('k', 1_000)).count).to.equal(2);
      failing = false;
      expect((await store.hit('k', 1_000)).count).to.equal(99);
      expect(events).to.deep.equal([true, false]);
    });
  });
});
