import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RateLimitHit, RateLimitStore } from '../../../src/application/shared/ports';
import { FallbackRateLimitStore } from '../../../src/adapters/rate-limit/fallback-rate-limit-store';
import { InMemoryRateLimitStore } from '../../../src/adapters/rate-limit/in-memory-rate-limit-store';
import { closeRedis, connectRedis, createRedisClient } from '../../../src/adapters/redis/redis-client';
import { RedisRateLimitStore } from '../../../src/adapters/redis/redis-rate-limit-store';
import { SystemClock } from '../../../src/adapters/system/system-clock';
import { rateLimitStoreContract } from '../../support/contracts/rate-limit-store-contract';
import { describeWithRedis } from '../../support/optional-tools';
import { testRedisUrl } from '../../support/redis';

rateLimitStoreContract('in memory', async () => {
  const store = new InMemoryRateLimitStore(new SystemClock());
  return { store, teardown: async () => store.close() };
});

describeWithRedis('on Redis', () => {
  rateLimitStoreContract('Redis', async () => {
    const redis = await connectRedis(testRedisUrl(), () => undefined);
    return { store: new RedisRateLimitStore(redis, `test:${randomUUID()}:`), teardown: () => closeRedis(redis) };
  });

  rateLimitStoreContract('Redis with in-memory fallback', async () => {
    const redis = await connectRedis(testRedisUrl(), () => undefined);
    const memory = new InMemoryRateLimitStore(new SystemClock());
    const store = new FallbackRateLimitStore(
      new RedisRateLimitStore(redis, `test:${randomUUID()}:`),
      memory,
      () => undefined,
    );
    return {
      store,
      teardown: async () => {
        memory.close();
        await closeRedis(redis);
      },
    };
  });
});

rateLimitStoreContract('Redis down, counted by the in-memory fallback', async () => {
  // A client whose server is gone: every command fails at once (no offline queue).
  const dead = createRedisClient('redis://127.0.0.1:9');
  // Its reconnect attempts fail too; without a listener ioredis prints each as unhandled.
  dead.on('error', () => undefined);
  const memory = new InMemoryRateLimitStore(new SystemClock());
  const store = new FallbackRateLimitStore(new RedisRateLimitStore(dead), memory, () => undefined);
  return {
    store,
    teardown: async () => {
      memory.close();
      dead.disconnect();
    },
  };
});

describe('InMemoryRateLimitStore', () => {
  it('stays within its entry bound under a flood of distinct keys', async () => {
    let now = 0;
    const store = new InMemoryRateLimitStore({ now: () => new Date(now) }, 100, 0);
    for (let i = 0; i < 1_000; i += 1) await store.hit(`ip-${i}`, 60_000);
    expect(store.size).to.equal(100);
    // The newest keys are kept, the oldest evicted.
    expect((await store.hit('ip-999', 60_000)).count).to.equal(2);
    now += 61_000;
    store.sweep();
    expect(store.size).to.equal(0);
  });

  it(
    'evicts in constant time when full: a flood of fresh addresses does not scan the whole store per request ' +
      '(CONTRACT 9.5)',
    async () => {
      let reads = 0;
      const store = new InMemoryRateLimitStore({ now: () => ((reads += 1), new Date(0)) }, 100, 0);
      for (let i = 0; i < 100; i += 1) await store.hit(`ip-${i}`, 60_000);
      reads = 0;
      for (let i = 100; i < 200; i += 1) await store.hit(`ip-${i}`, 60_000);
      // One clock read per hit: no sweep (which reads the clock and visits every window) on eviction.
      expect(reads).to.equal(100);
      expect(store.size).to.equal(100);
    },
  );

  it('sweeps expired windows periodically', async () => {
    let now = 0;
    const store = new InMemoryRateLimitStore({ now: () => new Date(now) }, 10_000, 20);
    await store.hit('a', 50);
    await store.hit('b', 10_000);
    now = 100;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(store.size).to.equal(1);
    store.close();
  });
});

describe('FallbackRateLimitStore', () => {
  it('counts in memory while Redis is down, logs the switch once, and never fails the request', async () => {
    // A client whose server is gone: every command fails at once (no offline queue).
    const dead: Redis = createRedisClient('redis://127.0.0.1:9');
    dead.on('error', () => undefined);
    const events: boolean[] = [];
    const memory = new InMemoryRateLimitStore(new SystemClock());
    const store = new FallbackRateLimitStore(new RedisRateLimitStore(dead), memory, ({ degraded }) =>
      events.push(degraded),
    );
    const hits: RateLimitHit[] = [];
    for (let i = 0; i < 3; i += 1) hits.push(await store.hit('k', 60_000));
    expect(hits.map((h) => h.count)).to.deep.equal([1, 2, 3]);
    expect(events).to.deep.equal([true]);
    memory.close();
    dead.disconnect();
  });

  it('switches back to the shared store when it answers again, and says so once', async () => {
    let failing = true;
    const primary: RateLimitStore = {
      hit: async (_key, windowMs) => {
        if (failing) throw new Error('ECONNREFUSED');
        return { count: 42, resetInMs: windowMs };
      },
    };
    const memory = new InMemoryRateLimitStore(new SystemClock());
    const events: boolean[] = [];
    const store = new FallbackRateLimitStore(primary, memory, ({ degraded }) => events.push(degraded));
    await store.hit('k', 1_000);
    await store.hit('k', 1_000);
    failing = false;
    expect((await store.hit('k', 1_000)).count).to.equal(42);
    await store.hit('k', 1_000);
    expect(events).to.deep.equal([true, false]);
    memory.close();
  });
});
