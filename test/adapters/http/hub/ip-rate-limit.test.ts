import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import * as t from 'io-ts';
import type Koa from 'koa';
import type { Redis } from 'ioredis';
import request from 'supertest';
import { RateLimitStore } from '../../../../src/application/shared/ports';
import { buildHubApp, HUB_PREFIX } from '../../../../src/adapters/http/hub/hub-app';
import { ipRateLimitRouter, isIpLimited } from '../../../../src/adapters/http/hub/ip-rate-limit';
import { documented } from '../../../../src/adapters/http/shared/openapi/documented-router';
import { InMemoryRateLimitStore } from '../../../../src/adapters/rate-limit/in-memory-rate-limit-store';
import { closeRedis, connectRedis } from '../../../../src/adapters/redis/redis-client';
import { RedisRateLimitStore } from '../../../../src/adapters/redis/redis-rate-limit-store';
import { memoryLogger } from '../../../support/logs';
import { useTestDatabase } from '../../../support/mongo';
import { describeWithRedis } from '../../../support/optional-tools';
import { testRedisUrl } from '../../../support/redis';
import { ManualClock } from '../../../support/fakes/fixed-clock';
import { hubHarness } from '../../../support/hub';
import { rebinding } from '../../../../src/composition/container';

const WINDOW_MS = 5 * 60 * 1000;

function appWith(store: RateLimitStore, trustedHops: number): Koa {
  const routes = new Router({ prefix: HUB_PREFIX });
  const ok = { 200: { description: 'ok', body: t.type({ ok: t.boolean }) } };
  const api = documented(routes, { tag: 'Test' });
  api.post('/auth/login', { summary: 'Limited', responses: ok }, (ctx) => {
    ctx.body = { ok: true };
  });
  api.get('/auth/login', { summary: 'Not limited', responses: ok }, (ctx) => {
    ctx.body = { ok: true };
  });
  return buildHubApp({
    logger: memoryLogger().logger,
    readinessChecks: [],
    routers: [ipRateLimitRouter(store, trustedHops, { limit: 10, windowMs: WINDOW_MS }), routes],
  });
}

/** The IP limiter of spec part 8 over any RateLimitStore; run on memory and on the real Redis. */
function ipLimiterContract(
  name: string,
  makeStore: () => Promise<{ store: RateLimitStore; clock?: ManualClock }>,
): void {
  describe(`hub IP limiter contract: ${name}`, () => {
    it(
      'lets 10 requests per IP and path through with X-RateLimit-Remaining, the 11th is 429 with Retry-After: ' + '300',
      async () => {
        const { store } = await makeStore();
        const app = appWith(store, 0);
        for (let i = 1; i <= 10; i += 1) {
          const res = await request(app.callback()).post('/api/v1/auth/login').send({}).expect(200);
          expect(res.headers['x-ratelimit-remaining']).to.equal(String(10 - i));
        }
        const res = await request(app.callback())
          .post('/api/v1/auth/login')
          .send({})
          .expect(429, { error: 'Too many requests' });
        expect(res.headers['retry-after']).to.equal('300');
        // Another path has its own bucket, and unlisted methods on auth paths are not counted.
        const other = await request(app.callback()).post('/api/v1/auth/refresh').expect(404);
        expect(other.headers['x-ratelimit-remaining']).to.equal('9');
        const get = await request(app.callback()).get('/api/v1/auth/login').expect(200);
        expect(get.headers['x-ratelimit-remaining']).to.equal(undefined);
      },
    );

    it('counts any method under /webhooks/ by prefix, even before a webhook route exists', async () => {
      const { store } = await makeStore();
      const app = appWith(store, 0);
      const path = `/api/v1/webhooks/${randomUUID()}/leadprovider`;
      for (let i = 1; i <= 10; i += 1) {
        const res = await request(app.callback()).get(path).expect(404);
        expect(res.headers['x-ratelimit-remaining']).to.equal(String(10 - i));
      }
      await request(app.callback()).put(path).expect(429, { error: 'Too many requests' });
    });

    it('keys the normalized path: respelling the login or webhook path shares one counter (CONTRACT 7)', async () => {
      const { store } = await makeStore();
      const app = appWith(store, 0);
      const logins = [
        '/api/v1/auth/login/',
        '/API/V1/auth/login',
        '/api/v1//auth/login',
        '/api/v1/auth/login?x=1',
        '/Api/v1/Auth/Login//',
        '//api/v1/auth/login',
      ];
      for (const [i, path] of logins.entries()) {
        const res = await request(app.callback()).post(path).send({});
        expect(res.status, path).to.not.equal(429);
        expect(res.headers['x-ratelimit-remaining'], path).to.equal(String(10 - (i + 1)));
      }
      for (let i = logins.length + 1; i <= 10; i += 1)
        await request(app.callback()).post('/api/v1/auth/login').send({}).expect(200);
      for (const path of [...logins, '/api/v1/auth/login']) {
        await request(app.callback()).post(path).send({}).expect(429, { error: 'Too many requests' });
      }

      const orgId = randomUUID();
      const webhooks = [
        `/api/v1/webhooks/${orgId}/leadprovider`,
        `/API/V1/WEBHOOKS/${orgId.toUpperCase()}/leadprovider/`,
        `/api/v1//webhooks//${orgId}/leadprovider`,
      ];
      for (let i = 1; i <= 10; i += 1) {
        const res = await request(app.callback())
          .post(webhooks[i % webhooks.length] as string)
          .send({});
        expect(res.headers['x-ratelimit-remaining']).to.equal(String(10 - i));
      }
      for (const path of webhooks) await request(app.callback()).get(path).expect(429);
    });

    it('does not let a forged X-Forwarded-For escape the limit unless TRUST_PROXY trusts that hop', async () => {
      const { store } = await makeStore();
      const untrusted = appWith(store, 0);
      for (let i = 0; i < 10; i += 1) {
        await request(untrusted.callback())
          .post('/api/v1/auth/register')
          .set('X-Forwarded-For', `10.0.0.${i}`)
          .expect(404);
      }
      await request(untrusted.callback()).post('/api/v1/auth/register').set('X-Forwarded-For', '10.9.9.9').expect(429);

      // Behind one trusted proxy the client is the rightmost entry: a forged left part changes nothing.
      const trusted = appWith(store, 1);
      const client = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
      for (let i = 0; i < 10; i += 1) {
        await request(trusted.callback())
          .post('/api/v1/auth/forgot-password')
          .set('X-Forwarded-For', `6.6.6.${i}, ${client}`)
          .expect(404);
      }
      await request(trusted.callback())
        .post('/api/v1/auth/forgot-password')
        .set('X-Forwarded-For', `7.7.7.7, ${client}`)
        .expect(429);
      await request(trusted.callback())
        .post('/api/v1/auth/forgot-password')
        .set('X-Forwarded-For', '198.51.100.7')
        .expect(404);
    });
  });
}

describe('hub IP limiter', () => {
  it('limits POST on the auth paths and any method under /webhooks/ (spec part 8 rule 1)', () => {
    expect(isIpLimited('POST', '/api/v1/auth/login')).to.equal(true);
    expect(isIpLimited('POST', '/api/v1/auth/reset-password/x')).to.equal(true);
    expect(isIpLimited('GET', '/api/v1/auth/login')).to.equal(false);
    expect(isIpLimited('POST', '/api/v1/auth/logout')).to.equal(false);
    expect(isIpLimited('DELETE', '/api/v1/webhooks/o/crm/crmprovider')).to.equal(true);
    expect(isIpLimited('GET', '/api/v1/orgs/o/channels')).to.equal(false);
  });

  ipLimiterContract('in memory', async () => {
    const clock = new ManualClock();
    return { store: new InMemoryRateLimitStore(clock, 10_000, 0), clock };
  });

  describeWithRedis('on Redis', () => {
    let redis: Redis | undefined;
    before(async () => {
      redis = await connectRedis(testRedisUrl(), () => undefined);
    });
    after(async () => {
      if (redis !== undefined) await closeRedis(redis);
    });
    ipLimiterContract('Redis', async () => ({
      store: new RedisRateLimitStore(redis as Redis, `test:${randomUUID()}:`),
    }));
  });

  describe('in the real hub app', () => {
    const mongo = useTestDatabase();

    it('answers the 11th login in a window with 429, with the default limits', async () => {
      const hub = await hubHarness(mongo(), {
        overrides: {
          hubIpRateLimit: undefined,
          rebind: [rebinding(RateLimitStore, new InMemoryRateLimitStore(new ManualClock(), 10_000, 0))],
        },
      });
      for (let i = 1; i <= 10; i += 1) {
        const res = await request(hub.app.callback())
          .post('/api/v1/auth/login')
          .send({ email: 'x@example.com', password: 'wrong-password' })
          .expect(401);
        expect(res.headers['x-ratelimit-remaining']).to.equal(String(10 - i));
      }
      const res = await request(hub.app.callback())
        .post('/api/v1/auth/login')
        .send({ email: 'x@example.com', password: 'wrong-password' })
        .expect(429, { error: 'Too many requests' });
      expect(res.headers['retry-after']).to.equal('300');
    });

    it(
      'a respelled login path (trailing slash, capitals, doubled slash) counts against the same 10 per ' + 'window',
      async () => {
        const hub = await hubHarness(mongo(), {
          overrides: {
            hubIpRateLimit: undefined,
            rebind: [rebinding(RateLimitStore, new InMemoryRateLimitStore(new ManualClock(), 10_000, 0))],
          },
        });
        const login = (path: string) =>
          request(hub.app.callback()).post(path).send({ email: 'x@example.com', password: 'wrong-password' });
        const spellings = [
          '/api/v1/auth/login/',
          '/API/V1/auth/login',
          '/api/v1//auth/login',
          '/api/v1/AUTH/LOGIN?again=1',
          '/api/v1/auth/login',
        ];
        for (let i = 1; i <= 10; i += 1) {
          const res = await login(spellings[i % spellings.length] as string);
          expect(res.status).to.not.equal(429);
          expect(res.headers['x-ratelimit-remaining']).to.equal(String(10 - i));
        }
        for (const path of spellings) await login(path).expect(429, { error: 'Too many requests' });
      },
    );
  });
});
