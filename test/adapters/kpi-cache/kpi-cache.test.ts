import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { FallbackKpiCache } from '../../../src/adapters/kpi-cache/fallback-kpi-cache';
import { InMemoryKpiCache } from '../../../src/adapters/kpi-cache/in-memory-kpi-cache';
import { closeRedis, connectRedis, createRedisClient } from '../../../src/adapters/redis/redis-client';
import { RedisKpiCache } from '../../../src/adapters/redis/redis-kpi-cache';
import { kpiCacheContract } from '../../support/contracts/kpi-cache-contract';
import { ManualClock } from '../../support/fakes/fixed-clock';
import { describeWithRedis, requireRedis } from '../../support/optional-tools';
import { testRedisUrl } from '../../support/redis';

kpiCacheContract('in memory', async (clock) => ({
  cache: new InMemoryKpiCache(clock),
  teardown: async () => undefined,
}));

describeWithRedis('on Redis', () => {
  kpiCacheContract('Redis', async (clock) => {
    const redis = await connectRedis(testRedisUrl(), () => undefined);
    return { cache: new RedisKpiCache(redis, clock, `test:${randomUUID()}:`), teardown: () => closeRedis(redis) };
  });

  kpiCacheContract('Redis behind the fallback', async (clock) => {
    const redis = await connectRedis(testRedisUrl(), () => undefined);
    return {
      cache: new FallbackKpiCache(new RedisKpiCache(redis, clock, `test:${randomUUID()}:`), () => undefined),
      teardown: () => closeRedis(redis),
    };
  });
});

describe('KPI cache adapters', () => {
  it('in memory: bounded, the oldest entry evicted first', async () => {
    const cache = new InMemoryKpiCache(new ManualClock(), 3);
    for (const key of ['a', 'b', 'c', 'd']) await cache.set(key, `"${key}"`, 60_000);
    expect(await cache.get('a')).to.equal(undefined);
    expect(await Promise.all(['b', 'c', 'd'].map((k) => cache.get(k)))).to.deep.equal(['"b"', '"c"', '"d"']);
  });

  it('Redis: the entry also expires in Redis itself (PX), so nothing piles up', async function () {
    requireRedis(this);
    const redis = await connectRedis(testRedisUrl(), () => undefined);
    try {
      const prefix = `test:${randomUUID()}:`;
      await new RedisKpiCache(redis, new ManualClock(), prefix).set('k', '"v"', 60_000);
      const ttl = await redis.pttl(`${prefix}k`);
      expect(ttl).to.be.within(1, 60_000);
    } finally {
      await closeRedis(redis);
    }
  });

  it(
    'fallback: a failing Redis is a miss and a dropped write, never an error; the switch is reported once each ' +
      'way',
    async () => {
      const dead = createRedisClient('redis://127.0.0.1:9');
      dead.on('error', () => undefined);
      const clock = new ManualClock();
      const events: boolean[] = [];
      let failing = true;
      const live = new InMemoryKpiCache(clock);
      const flaky = {
        get: (key: string) => (failing ? new RedisKpiCache(dead, clock).get(key) : live.get(key)),
        set: (key: string, value: string, ttl: number) =>
          failing ? new RedisKpiCache(dead, clock).set(key, value, ttl) : live.set(key, value, ttl),
      };
      const cache = new FallbackKpiCache(flaky, ({ degraded }) => events.push(degraded));
      try {
        await cache.set('k', '"v"', 60_000);
        expect(await cache.get('k')).to.equal(undefined);
        expect(await cache.get('k')).to.equal(undefined);
        expect(events).to.deep.equal([true]);
        failing = false;
        await cache.set('k', '"v"', 60_000);
        expect(await cache.get('k')).to.equal('"v"');
        expect(events).to.deep.equal([true, false]);
      } finally {
        dead.disconnect();
      }
    },
  );
});
