import { expect } from 'chai';
import request from 'supertest';
import { ManualClock } from '../../../../support/fakes/fixed-clock';
import { describeWithRedisServer, redisServerBinary } from '../../../../support/optional-tools';
import { startOwnRedis, type OwnRedis } from '../../../../support/own-redis';
import { openSalesRuntime, type SalesRuntime } from '../../../../support/sales-runtime';
import { rebinding } from '../../../../../src/composition/container';
import { Clock } from '../../../../../src/application/shared/ports';

describeWithRedisServer('KPI cache in Redis (REDIS_URL), and a Redis outage (CONTRACT 8.3)', () => {
  let redis: OwnRedis;
  let rt: SalesRuntime;
  let key: string;

  before(async () => {
    redis = await startOwnRedis(redisServerBinary());
    rt = await openSalesRuntime({
      env: { REDIS_URL: redis.url },
      overrides: {
        rebind: [rebinding(Clock, new ManualClock(new Date('2026-03-10T12:00:00.000Z')))],
        salesRateLimitRuleFor: () => ({ limit: 1_000_000, windowMs: 60_000 }),
      },
    });
    key = (await rt.createApiKey((await rt.createUser({ role: 'manager' })).email)).key;
  });
  after(async () => {
    await rt?.close();
    await redis?.kill();
  });

  const get = (path: string) => request(rt.callback).get(path).set('x-api-key', key);

  it('caches in Redis; once Redis is killed every answer is computed (200, MISS) and a warning is logged', async () => {
    const path = '/kpi/sdr/trending?dateFrom=2026-03-01&dateTo=2026-03-07';
    const first = await get(path).expect(200);
    expect(first.headers['x-cache']).to.equal('MISS');
    const second = await get(path).expect(200);
    expect(second.headers['x-cache']).to.equal('HIT');
    expect(second.body).to.deep.equal(first.body);
    await redis.kill();
    for (const p of [path, '/kpi/sdr', '/kpi/subscription-leads']) {
      const res = await get(p).expect(200);
      expect(res.headers['x-cache']).to.equal('MISS');
    }
    expect((await get(path).expect(200)).body).to.deep.equal(first.body);
    const warnings = rt.log
      .lines()
      .filter((line) => line.level === 40 && String(line.msg).startsWith('KPI cache: Redis failed'));
    expect(warnings).to.have.length(1);
  });
});
