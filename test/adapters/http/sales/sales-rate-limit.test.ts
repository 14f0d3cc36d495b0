import Router from '@koa/router';
import { expect } from 'chai';
import * as t from 'io-ts';
import request from 'supertest';
import { documented } from '../../../../src/adapters/http/shared/openapi/documented-router';
import { InMemoryRateLimitStore } from '../../../../src/adapters/rate-limit/in-memory-rate-limit-store';
import { rateLimit } from '../../../../src/adapters/http/sales/sales-rate-limit';
import { ManualClock } from '../../../support/fakes/fixed-clock';
import { openSalesRuntime, type SalesRuntime } from '../../../support/sales-runtime';
import { rebinding } from '../../../../src/composition/container';
import { Clock, RateLimitStore } from '../../../../src/application/shared/ports';

const THROTTLED = { statusCode: 429, message: 'ThrottlerException: Too Many Requests' };

describe('sales rate limiter (spec part 8)', () => {
  let sales: SalesRuntime;
  let clock: ManualClock;

  beforeEach(async () => {
    clock = new ManualClock();
    sales = await openSalesRuntime({
      env: { TRUST_PROXY: '1' },
      overrides: {
        // The real spec default (20 per 60 s), on an in-memory store driven by the test's clock.
        salesRateLimit: undefined,
        rebind: [rebinding(Clock, clock), rebinding(RateLimitStore, new InMemoryRateLimitStore(clock, 10_000, 0))],
        extraSalesRouters: () => {
          const router = new Router();
          const api = documented(router, { tag: 'Test' });
          api.get(
            '/test/strict',
            { summary: 'Own limit', responses: { 200: { description: 'ok', body: t.type({ ok: t.boolean }) } } },
            rateLimit({ limit: 2, windowMs: 300_000 }),
            (ctx) => {
              ctx.body = { ok: true };
            },
          );
          api.get(
            '/test/items/:id',
            { summary: 'An item', responses: { 200: { description: 'The id', body: t.type({ id: t.string }) } } },
            (ctx) => {
              ctx.body = { id: ctx.params.id };
            },
          );
          return [router];
        },
      },
    });
  });
  afterEach(async () => {
    await sales.close();
  });

  const get = (path: string, ip = '198.51.100.7') => request(sales.callback).get(path).set('X-Forwarded-For', ip);

  it('lets 20 requests through with the limit headers and answers the 21st with 429 and Retry-After', async () => {
    for (let i = 1; i <= 20; i += 1) {
      const res = await get('/api-keys').expect(401);
      expect(res.headers['x-ratelimit-limit']).to.equal('20');
      expect(res.headers['x-ratelimit-remaining']).to.equal(String(20 - i));
      expect(res.headers['x-ratelimit-reset']).to.equal('60');
      expect(res.headers).not.to.have.property('retry-after');
    }
    const limited = await get('/api-keys').expect(429);
    expect(limited.body).to.deep.equal(THROTTLED);
    expect(limited.headers['retry-after']).to.equal('60');
    expect(limited.headers['x-ratelimit-remaining']).to.equal('0');
  });

  it('restarts the count when the fixed window ends', async () => {
    for (let i = 0; i < 20; i += 1) await get('/api-keys').expect(401);
    clock.advance(45_000);
    const limited = await get('/api-keys').expect(429);
    expect(limited.headers['retry-after']).to.equal('15');
    clock.advance(15_000);
    const fresh = await get('/api-keys').expect(401);
    expect(fresh.headers['x-ratelimit-remaining']).to.equal('19');
  });

  it('counts per route pattern and per client IP', async () => {
    for (let i = 0; i < 20; i += 1) await get(`/test/items/${i}`).expect(200);
    await get('/test/items/other').expect(429);
    await get('/api-keys').expect(401);
    await request(sales.callback).get('/api-keys').set('X-Forwarded-For', '198.51.100.7').expect(401);
    await get('/test/items/1', '198.51.100.8').expect(200);
    await request(sales.callback).post('/auth/logout').set('X-Forwarded-For', '198.51.100.7').expect(200);
  });

  it('applies an override declared on the route', async () => {
    const first = await get('/test/strict').expect(200);
    expect(first.headers['x-ratelimit-limit']).to.equal('2');
    expect(first.headers['x-ratelimit-reset']).to.equal('300');
    await get('/test/strict').expect(200);
    const limited = await get('/test/strict').expect(429);
    expect(limited.body).to.deep.equal(THROTTLED);
    expect(limited.headers['retry-after']).to.equal('300');
  });

  it('limits unknown paths too, but never the probes /healthz and /readyz', async () => {
    for (let i = 0; i < 20; i += 1) await get(`/random-${i}`).expect(404);
    await get('/another-random').expect(429);
    for (let i = 0; i < 25; i += 1) {
      const res = await get('/healthz').expect(200);
      expect(res.headers).not.to.have.property('x-ratelimit-limit');
    }
    await get('/readyz').expect(200);
  });

  it('records the 429 in the API event log', async () => {
    for (let i = 0; i < 20; i += 1) await get('/api-keys').expect(401);
    await get('/api-keys').set('x-request-id', 'throttled-1').expect(429);
    await sales.flushEvents();
    const entry = await sales.db.collection('api_event_logs').findOne({ requestId: 'throttled-1' });
    expect(entry).to.deep.include({ status: 429, errorCode: 'HTTP_EXCEPTION', ip: '198.51.100.7' });
  });
});

describe('sales rate limiter when the counter store fails', () => {
  it('lets the request through instead of failing it', async () => {
    const sales = await openSalesRuntime({
      overrides: {
        rebind: [rebinding(RateLimitStore, { hit: () => Promise.reject(new Error('Connection is closed.')) })],
      },
    });
    try {
      await request(sales.callback).post('/auth/logout').expect(200);
      await request(sales.callback).post('/auth/logout').expect(200);
      expect(sales.log.lines().filter((l) => String(l.msg).includes('counter store failed'))).to.have.length(1);
    } finally {
      await sales.close();
    }
  });
});
