import { expect } from 'chai';
import request from 'supertest';
import type Koa from 'koa';
import { buildHubApp, HUB_PREFIX } from '../../../src/adapters/http/hub/hub-app';
import { MongoReadinessCheck } from '../../../src/adapters/mongo/shared/mongo-readiness-check';
import type { MongoConnection } from '../../../src/adapters/mongo/shared/mongo-connection';
import { connectTestDatabase } from '../../support/mongo';
import { failingRoutes } from '../../support/http';
import { memoryLogger } from '../../support/logs';

describe('hub service HTTP app', () => {
  let mongo: MongoConnection;
  let app: Koa;
  before(async () => {
    mongo = await connectTestDatabase();
    app = buildHubApp({
      logger: memoryLogger().logger,
      readinessChecks: [new MongoReadinessCheck(mongo.db)],
      routers: [failingRoutes(HUB_PREFIX, () => mongo.db)],
    });
  });
  after(async () => {
    await mongo.close();
  });

  it('serves /api/v1/healthz and /api/v1/readyz', async () => {
    await request(app.callback()).get('/api/v1/healthz').expect(200, { status: 'ok' });
    await request(app.callback())
      .get('/api/v1/readyz')
      .expect(200, { status: 'ready', checks: { mongodb: 'up' } });
  });

  it('answers unknown routes, inside and outside /api/v1, with 404 {error: "Not found"}', async () => {
    await request(app.callback()).get('/api/v1/nowhere').expect(404, { error: 'Not found' });
    await request(app.callback()).get('/healthz').expect(404, { error: 'Not found' });
  });

  it('answers malformed JSON with 400 {error: "Invalid JSON body"}', async () => {
    await request(app.callback())
      .post('/api/v1/test/echo')
      .set('content-type', 'application/json')
      .send('{"a":')
      .expect(400, { error: 'Invalid JSON body' });
  });

  it('answers a body over 1 MiB with 413', async () => {
    const res = await request(app.callback())
      .post('/api/v1/test/echo')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ x: 'z'.repeat(1024 * 1024) }))
      .expect(413);
    expect(res.body).to.deep.equal({ error: 'Payload too large' });
  });

  it('formats field errors as {error, details: {field: [messages]}}', async () => {
    const res = await request(app.callback()).post('/api/v1/test/validation').expect(400);
    expect(res.body).to.deep.equal({
      error: 'Validation failed',
      details: { email: ['must be an email'], password: ['is required'] },
    });
  });

  it('adds required to permission errors', async () => {
    await request(app.callback())
      .get('/api/v1/test/forbidden')
      .expect(403, { error: 'Insufficient permissions', required: 'leads:read' });
  });

  it('answers an unexpected failure with 500 {error: "Internal server error"} and nothing more', async () => {
    await request(app.callback()).get('/api/v1/test/boom').expect(500, { error: 'Internal server error' });
  });

  it('maps a unique-index violation to 409', async () => {
    await request(app.callback()).post('/api/v1/test/duplicate').expect(409, { error: 'Resource already exists' });
  });

  it('echoes x-request-id', async () => {
    const res = await request(app.callback()).get('/api/v1/healthz').set('x-request-id', 'hub-req-1').expect(200);
    expect(res.headers['x-request-id']).to.equal('hub-req-1');
  });
});
