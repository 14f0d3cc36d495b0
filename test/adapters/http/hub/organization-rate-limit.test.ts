import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import request from 'supertest';
import { RateLimitStore } from '../../../../src/application/shared/ports';
import type { MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';
import { FallbackRateLimitStore } from '../../../../src/adapters/rate-limit/fallback-rate-limit-store';
import { InMemoryRateLimitStore } from '../../../../src/adapters/rate-limit/in-memory-rate-limit-store';
import { closeRedis, connectRedis, createRedisClient } from '../../../../src/adapters/redis/redis-client';
import { RedisRateLimitStore } from '../../../../src/adapters/redis/redis-rate-limit-store';
import { SystemClock } from '../../../../src/adapters/system/system-clock';
import type { Overrides } from '../../../../src/composition-root';
import { connectTestDatabase, useTestDatabase } from '../../../support/mongo';
import { describeWithRedis } from '../../../support/optional-tools';
import { testRedisUrl } from '../../../support/redis';
import { hubHarness, type HubHarness } from '../../../support/hub';
import { createOrgWithSecret, signBody } from '../../../support/hub-webhooks';
import { rebinding } from '../../../../src/composition/container';

const SECRET = 'limiter-secret-0123456789';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rateLimitHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((h) => h.startsWith('x-ratelimit-') || h === 'retry-after');

/**
 * The per-organization limiter of spec part 8 through the real app, on a given RateLimitStore: run on
 * the in-memory store and on the real Redis (random key prefix per run).
 */
function organizationLimiterContract(
  name: string,
  makeStore: () => Promise<{ store: RateLimitStore; close: () => Promise<void> }>,
): void {
  describe(`hub organization webhook limiter contract: ${name}`, () => {
    // Closed after the block even when the store's setup fails: a client left open would keep the run alive.
    const mongo = useTestDatabase();
    let store: RateLimitStore;
    let close: (() => Promise<void>) | undefined;
    before(async () => {
      ({ store, close } = await makeStore());
    });
    after(async () => {
      await close?.();
    });
    const harness = (overrides: Overrides = {}): Promise<HubHarness> =>
      hubHarness(mongo(), {
        overrides: {
          rebind: [rebinding(RateLimitStore, store)],
          hubIpRateLimit: { limit: 10_000, windowMs: 300_000 },
          ...overrides,
        },
      });
    // No template: the cheapest processed path (200 "No active template").
    const body = (n: number) => JSON.stringify({ id: `e-${n}`, contact: { phone: '11987654321' } });
    const signedLead = async (hub: HubHarness, orgId: string, n: number) =>
      request(hub.app.callback())
        .post(`/api/v1/webhooks/${orgId}/leadprovider`)
        .set('Content-Type', 'application/json')
        .set('X-Webhook-Signature', await signBody(SECRET, body(n)))
        .send(body(n));

    it(
      'lets 30 signed events a minute through; the 31st is 429 {error: "Rate limit exceeded"} without Retry-After ' +
        'or X-RateLimit-* headers',
      async () => {
        const hub = await harness();
        const orgId = await createOrgWithSecret(hub, `Org ${randomUUID()}`, SECRET);
        for (let i = 1; i <= 30; i += 1) expect((await signedLead(hub, orgId, i)).status).to.equal(200);
        const res = await signedLead(hub, orgId, 31);
        expect(res.status).to.equal(429);
        expect(res.body).to.deep.equal({ error: 'Rate limit exceeded' });
        expect(rateLimitHeaders(res.headers)).to.deep.equal([]);
        // Buckets are per provider and per organization.
        const crm = JSON.stringify({ data: { action: 'card.other' } });
        await request(hub.app.callback())
          .post(`/api/v1/webhooks/${orgId}/crm/crmprovider`)
          .set('Content-Type', 'application/json')
          .set('X-Crm-Signature', await signBody(SECRET, crm))
          .send(crm)
          .expect(200);
        const other = await createOrgWithSecret(hub, `Other ${randomUUID()}`, SECRET);
        expect((await signedLead(hub, other, 1)).status).to.equal(200);
      },
    );

    it('does not count requests whose signature fails: an unsigned flood leaves the whole budget', async () => {
      const hub = await harness();
      const orgId = await createOrgWithSecret(hub, `Org ${randomUUID()}`, SECRET);
      for (let i = 0; i < 60; i += 1) {
        const req = request(hub.app.callback())
          .post(`/api/v1/webhooks/${orgId}/leadprovider`)
          .set('Content-Type', 'application/json');
        await (i % 2 === 0 ? req : req.set('X-Webhook-Signature', 'sha256=00')).send(body(i)).expect(401);
      }
      for (let i = 1; i <= 30; i += 1) expect((await signedLead(hub, orgId, i)).status).to.equal(200);
      expect((await signedLead(hub, orgId, 31)).status).to.equal(429);
    });

    it(
      'fixes the window at the first request of the bucket (later requests do not extend it) and restarts after ' +
        'it',
      async function () {
        this.timeout(10_000);
        // Generous margins: the assertions hold however slow a request is, within a second.
        const hub = await harness({ hubWebhookRateLimit: { limit: 2, windowMs: 3_000 } });
        const orgId = await createOrgWithSecret(hub, `Org ${randomUUID()}`, SECRET);
        const started = Date.now();
        expect((await signedLead(hub, orgId, 1)).status).to.equal(200);
        await sleep(1_000);
        expect((await signedLead(hub, orgId, 2)).status).to.equal(200);
        expect((await signedLead(hub, orgId, 3)).status).to.equal(429);
        await sleep(Math.max(0, started + 3_200 - Date.now()));
        expect((await signedLead(hub, orgId, 4)).status).to.equal(200);
      },
    );
  });
}

organizationLimiterContract('in memory', async () => {
  const store = new InMemoryRateLimitStore(new SystemClock());
  return { store, close: async () => store.close() };
});

describeWithRedis('on Redis', () => {
  organizationLimiterContract('Redis', async () => {
    const redis: Redis = await connectRedis(testRedisUrl(), () => undefined);
    return { store: new RedisRateLimitStore(redis, `test:${randomUUID()}:`), close: () => closeRedis(redis) };
  });
});

organizationLimiterContract('Redis down: the in-memory fallback takes over', async () => {
  // A client whose server is gone: every command fails at once, the fallback counts in memory.
  const dead = createRedisClient('redis://127.0.0.1:9');
  dead.on('error', () => undefined);
  const memory = new InMemoryRateLimitStore(new SystemClock());
  const store = new FallbackRateLimitStore(
    new RedisRateLimitStore(dead, `test:${randomUUID()}:`),
    memory,
    () => undefined,
  );
  return {
    store,
    close: async () => {
      memory.close();
      dead.disconnect();
    },
  };
});

describe('hub webhook limiters together (spec part 8 rules 4 and 5)', () => {
  let mongo: MongoConnection;
  before(async () => {
    mongo = await connectTestDatabase();
  });
  after(async () => {
    await mongo.close();
  });
  const signedCrm = async (hub: HubHarness, orgId: string, ip: string) => {
    const body = JSON.stringify({ data: { action: 'card.other' } });
    return request(hub.app.callback())
      .post(`/api/v1/webhooks/${orgId}/crm/crmprovider`)
      .set('Content-Type', 'application/json')
      .set('X-Real-IP', ip)
      .set('X-Crm-Signature', await signBody(SECRET, body))
      .send(body);
  };

  it(
    'the IP limiter counts first (X-RateLimit-Remaining on what passes); the organization 429 carries no ' +
      'X-RateLimit-*; the IP 429 has Retry-After: 300',
    async () => {
      const hub = await hubHarness(mongo, {
        env: { TRUST_PROXY: '1' },
        overrides: { hubIpRateLimit: { limit: 33, windowMs: 300_000 } },
      });
      const orgId = await createOrgWithSecret(hub, `Org ${randomUUID()}`, SECRET);
      const ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
      for (let i = 1; i <= 30; i += 1) {
        const res = await signedCrm(hub, orgId, ip);
        expect(res.status).to.equal(200);
        expect(res.headers['x-ratelimit-remaining']).to.equal(String(33 - i));
      }
      for (let i = 31; i <= 33; i += 1) {
        const res = await signedCrm(hub, orgId, ip);
        expect([res.status, res.body]).to.deep.equal([429, { error: 'Rate limit exceeded' }]);
        expect(rateLimitHeaders(res.headers)).to.deep.equal([]);
      }
      const ipLimited = await signedCrm(hub, orgId, ip);
      expect([ipLimited.status, ipLimited.body]).to.deep.equal([429, { error: 'Too many requests' }]);
      expect(ipLimited.headers['retry-after']).to.equal('300');
    },
  );

  it(
    'with the spec defaults (10 per 5 minutes per IP and path) the 11th webhook request of one IP is stopped by ' +
      'the IP limiter, before the organization limit',
    async () => {
      const hub = await hubHarness(mongo, { overrides: { hubIpRateLimit: { limit: 10, windowMs: 300_000 } } });
      const orgId = await createOrgWithSecret(hub, `Org ${randomUUID()}`, SECRET);
      for (let i = 1; i <= 10; i += 1) expect((await signedCrm(hub, orgId, 'ignored')).status).to.equal(200);
      const res = await signedCrm(hub, orgId, 'ignored');
      expect([res.status, res.body, res.headers['retry-after']]).to.deep.equal([
        429,
        { error: 'Too many requests' },
        '300',
      ]);
    },
  );
});
