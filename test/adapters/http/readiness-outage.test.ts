import { expect } from 'chai';
import request from 'supertest';
import { buildHubApp } from '../../../src/adapters/http/hub/hub-app';
import { buildSalesApp } from '../../../src/adapters/http/sales/sales-app';
import { startMongoServer, type MongoServerHandle } from '../../../src/adapters/mongo/shared/embedded-mongo';
import { connectMongo, type MongoConnection } from '../../../src/adapters/mongo/shared/mongo-connection';
import { MongoReadinessCheck } from '../../../src/adapters/mongo/shared/mongo-readiness-check';
import { connectRedis, closeRedis, RedisReadinessCheck } from '../../../src/adapters/redis/redis-client';
import { SystemClock } from '../../../src/adapters/system/system-clock';
import { failingRoutes } from '../../support/http';
import { memoryLogger } from '../../support/logs';
import { requireRedis } from '../../support/optional-tools';
import { testRedisUrl } from '../../support/redis';

/** These tests stop their own MongoDB, so they never touch the shared one. */
describe('readiness and a database outage', () => {
  let server: MongoServerHandle;
  let mongo: MongoConnection;

  before(async () => {
    server = await startMongoServer({ log: () => undefined });
    mongo = await connectMongo(server.uri, { serverSelectionTimeoutMS: 500 });
  });
  after(async () => {
    await mongo.close();
    await server.stop();
  });

  const apps = () => {
    const checks = [new MongoReadinessCheck(mongo.db)];
    const logger = memoryLogger().logger;
    return {
      sales: buildSalesApp({
        logger,
        clock: new SystemClock(),
        isProduction: false,
        readinessChecks: checks,
        routers: [failingRoutes('', () => mongo.db)],
      }),
      hub: buildHubApp({ logger, readinessChecks: checks, routers: [failingRoutes('/api/v1', () => mongo.db)] }),
    };
  };

  it('is ready while MongoDB answers, and 503 on both services once it is stopped', async () => {
    const { sales, hub } = apps();
    await request(sales.callback()).get('/readyz').expect(200);
    await request(hub.callback()).get('/api/v1/readyz').expect(200);
    await request(sales.callback()).get('/test/database').expect(204);

    await server.stop();

    const salesReady = await request(sales.callback()).get('/readyz').expect(503);
    expect(salesReady.body).to.deep.equal({ status: 'unavailable', checks: { mongodb: 'down' } });
    await request(hub.callback())
      .get('/api/v1/readyz')
      .expect(503, { status: 'unavailable', checks: { mongodb: 'down' } });
    // Liveness does no I/O: the process is still alive.
    await request(sales.callback()).get('/healthz').expect(200);

    const started = Date.now();
    const outage = await request(sales.callback()).get('/test/database').expect(503);
    expect(outage.body).to.include({
      statusCode: 503,
      message: 'Service unavailable - Please try again later',
      path: '/test/database',
    });
    await request(hub.callback()).get('/api/v1/test/database').expect(503, { error: 'Service unavailable' });
    // A short server-selection timeout: the outage answers fast instead of hanging for 30 s.
    expect(Date.now() - started).to.be.lessThan(10_000);
  });
});

describe('Redis readiness', () => {
  it('reports Redis up when the shared client answers', async function () {
    requireRedis(this);
    const redis = await connectRedis(testRedisUrl(), () => undefined);
    try {
      const app = buildHubApp({ logger: memoryLogger().logger, readinessChecks: [new RedisReadinessCheck(redis)] });
      await request(app.callback())
        .get('/api/v1/readyz')
        .expect(200, { status: 'ready', checks: { redis: 'up' } });
      await closeRedis(redis);
      await request(app.callback())
        .get('/api/v1/readyz')
        .expect(503, { status: 'unavailable', checks: { redis: 'down' } });
    } finally {
      await closeRedis(redis);
    }
  });
});
