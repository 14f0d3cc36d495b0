import { expect } from 'chai';
import request from 'supertest';
import * as E from 'fp-ts/Either';
import { loadConfig, type Config } from '../src/config';
import { DependencyUnavailableError, openRuntime } from '../src/runtime';
import { rebinding } from '../src/composition/container';
import { Clock } from '../src/application/shared/ports';
import { memoryLogger } from './support/logs';
import { sharedMongo } from './support/mongo';
import { requireRedis } from './support/optional-tools';
import { testRedisUrl } from './support/redis';

function config(env: Record<string, string>): Config {
  const loaded = loadConfig(env);
  if (E.isLeft(loaded)) throw new Error(loaded.left.problem);
  return loaded.right.config;
}

describe('openRuntime and the composition root', () => {
  it('composes the apps and applies overrides (a fixed clock)', async () => {
    const fixed = new Date('2030-01-02T03:04:05.000Z');
    const runtime = await openRuntime(config({ MONGODB_URI: sharedMongo().uri }), memoryLogger().logger, {
      overrides: { rebind: [rebinding(Clock, { now: () => fixed })] },
    });
    try {
      const sales = runtime.app.http.sales;
      const res = await request(sales.callback()).get('/missing').expect(404);
      expect(res.body.timestamp).to.equal(fixed.toISOString());
      await request(runtime.app.http.hub.callback())
        .get('/api/v1/readyz')
        .expect(200, {
          status: 'ready',
          checks: { mongodb: 'up' },
        });
      expect(runtime.app.platform.redis).to.equal(undefined);
    } finally {
      await runtime.close();
    }
  });

  it('swaps any port for the adapter a test binds (every area then uses the replacement)', async () => {
    const fixed = new Date('2031-05-06T07:08:09.000Z');
    const runtime = await openRuntime(config({ MONGODB_URI: sharedMongo().uri }), memoryLogger().logger, {
      overrides: { rebind: [rebinding(Clock, { now: () => fixed })] },
    });
    try {
      const res = await request(runtime.app.http.sales.callback()).get('/missing').expect(404);
      expect(res.body.timestamp).to.equal(fixed.toISOString());
    } finally {
      await runtime.close();
    }
  });

  it('hands the command observer to its MongoDB client (every command, before it is sent)', async () => {
    const seen: string[] = [];
    const runtime = await openRuntime(config({ MONGODB_URI: sharedMongo().uri }), memoryLogger().logger, {
      commandObserver: (event) => seen.push(event.commandName),
    });
    try {
      await request(runtime.app.http.hub.callback()).get('/api/v1/readyz').expect(200);
    } finally {
      await runtime.close();
    }
    // The connect-time ping, then the readiness check's.
    expect(seen.filter((name) => name === 'ping')).to.have.length.of.at.least(2);
  });

  it('creates one shared Redis client when REDIS_URL is set, pings it on /readyz and closes it', async function () {
    requireRedis(this);
    const redisUrl = testRedisUrl();
    const runtime = await openRuntime(
      config({ MONGODB_URI: sharedMongo().uri, REDIS_URL: redisUrl }),
      memoryLogger().logger,
    );
    const redis = runtime.app.platform.redis;
    try {
      expect(redis?.status).to.equal('ready');
      await request(runtime.app.http.sales.callback())
        .get('/readyz')
        .expect(200, {
          status: 'ready',
          checks: { mongodb: 'up', redis: 'up' },
        });
    } finally {
      await runtime.close();
    }
    expect(redis?.status).to.equal('end');
  });

  it('fails with DependencyUnavailableError when REDIS_URL cannot be reached', async () => {
    let caught: unknown;
    try {
      await openRuntime(
        config({ MONGODB_URI: sharedMongo().uri, REDIS_URL: 'redis://127.0.0.1:9' }),
        memoryLogger().logger,
      );
    } catch (error) {
      caught = error;
    }
    expect(caught).to.be.instanceOf(DependencyUnavailableError);
    expect((caught as DependencyUnavailableError).dependency).to.equal('Redis');
  });
});
