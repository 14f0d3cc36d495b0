import { expect } from 'chai';
import request from 'supertest';
import type Koa from 'koa';
import { buildSalesApp } from '../../../src/adapters/http/sales/sales-app';
import { MongoReadinessCheck } from '../../../src/adapters/mongo/shared/mongo-readiness-check';
import { useTestDatabase } from '../../support/mongo';
import { failingRoutes } from '../../support/http';
import { memoryLogger } from '../../support/logs';

const NOW = new Date('2026-11-21T10:00:00.000Z');

describe('sales service HTTP app', () => {
  const mongo = useTestDatabase();

  function app(isProduction: boolean, log = memoryLogger()): Koa {
    return buildSalesApp({
      logger: log.logger,
      clock: { now: () => NOW },
      isProduction,
      readinessChecks: [new MongoReadinessCheck(mongo().db)],
      routers: [failingRoutes('', () => mongo().db)],
    });
  }

  describe('outside production', () => {
    it('answers an unknown route with 404 in the spec part 7 shape', async () => {
      const res = await request(app(false).callback()).get('/nowhere?x=1').expect(404);
      expect(res.body).to.include({
        statusCode: 404,
        message: 'Cannot GET /nowhere',
        timestamp: NOW.toISOString(),
        path: '/nowhere?x=1',
        error: 'Cannot GET /nowhere',
      });
      expect(res.body.stack).to.be.a('string');
    });

    it('returns validation messages as an array in error, message a string', async () => {
      const res = await request(app(false).callback()).post('/test/validation').send({}).expect(400);
      expect(res.body.message).to.equal('Validation failed');
      expect(res.body.error).to.deep.equal(['email must be an email', 'password is required']);
    });

    it('answers malformed JSON with 400', async () => {
      const res = await request(app(false).callback())
        .post('/test/echo')
        .set('content-type', 'application/json')
        .send('{"a": 1,')
        .expect(400);
      expect(res.body).to.include({ statusCode: 400, message: 'Invalid JSON body', path: '/test/echo' });
    });

    it('answers a body over 1 MiB with 413', async () => {
      const big = JSON.stringify({ data: 'x'.repeat(1024 * 1024) });
      const res = await request(app(false).callback())
        .post('/test/echo')
        .set('content-type', 'application/json')
        .send(big)
        .expect(413);
      expect(res.body).to.include({ statusCode: 413 });
      expect(res.body.message).to.contain('1 MiB');
    });

    it('accepts a body just under 1 MiB and keeps its raw text', async () => {
      const body = `{"data":"${'y'.repeat(1024 * 1024 - 20)}"}`;
      const res = await request(app(false).callback())
        .post('/test/echo')
        .set('content-type', 'application/json')
        .send(body)
        .expect(200);
      expect(res.body.raw).to.equal(body);
      expect(res.body.body.data).to.have.length(1024 * 1024 - 20);
    });

    it('maps a unique-index violation of the database to 409', async () => {
      const res = await request(app(false).callback()).post('/test/duplicate').expect(409);
      expect(res.body).to.include({ statusCode: 409, message: 'Conflict - Resource already exists' });
      expect(res.body.error).to.contain('E11000');
    });

    it('hides an unexpected error behind the generic 500 message but shows the detail in error', async () => {
      const res = await request(app(false).callback()).get('/test/boom').expect(500);
      expect(res.body.message).to.equal('Internal Server Error - Please try again later');
      expect(res.body.error).to.equal('secret internal detail');
    });
  });

  describe('in production', () => {
    it('returns the generic message per status, without error or stack', async () => {
      const res = await request(app(true).callback()).post('/test/validation').send({}).expect(400);
      expect(res.body).to.deep.equal({
        statusCode: 400,
        message: 'Bad Request - Invalid parameters',
        timestamp: NOW.toISOString(),
        path: '/test/validation',
      });
      const notFound = await request(app(true).callback()).get('/nowhere').expect(404);
      expect(notFound.body).to.deep.equal({
        statusCode: 404,
        message: 'Not Found',
        timestamp: NOW.toISOString(),
        path: '/nowhere',
      });
      const conflict = await request(app(true).callback()).post('/test/duplicate').expect(409);
      expect(conflict.body.message).to.equal('Conflict - Resource already exists');
      const boom = await request(app(true).callback()).get('/test/boom').expect(500);
      expect(JSON.stringify(boom.body)).not.to.contain('secret internal detail');
      expect(boom.body.message).to.equal('Internal Server Error - Please try again later');
    });

    it('keeps the end-user messages of CONTRACT 7 (login)', async () => {
      const res = await request(app(true).callback()).get('/test/login-failure').expect(401);
      expect(res.body.message).to.equal('Invalid credentials');
    });

    it('gives statuses missing from the table (413) the generic 500 message', async () => {
      const res = await request(app(true).callback())
        .post('/test/echo')
        .set('content-type', 'application/json')
        .send(JSON.stringify({ data: 'x'.repeat(1024 * 1024 + 1) }))
        .expect(413);
      expect(res.body).to.include({ statusCode: 413, message: 'Internal Server Error - Please try again later' });
      expect(res.body).not.to.have.property('stack');
    });
  });

  describe('request id and logging', () => {
    it('echoes a given x-request-id and uses it in the log line', async () => {
      const log = memoryLogger();
      const res = await request(app(false, log).callback()).get('/healthz').set('x-request-id', 'req-123').expect(200);
      expect(res.headers['x-request-id']).to.equal('req-123');
      const line = log.lines().find((entry) => entry.msg === 'request');
      expect(line).to.include({ requestId: 'req-123', method: 'GET', path: '/healthz', status: 200, service: 'sales' });
      expect(line?.durationMs).to.be.a('number');
    });

    it('logs successful probes at debug only; a failing probe and every other request at info', async () => {
      const log = memoryLogger('info');
      let up = true;
      const probed = buildSalesApp({
        logger: log.logger,
        clock: { now: () => NOW },
        isProduction: false,
        readinessChecks: [
          {
            name: 'mongodb',
            check: async () => {
              if (!up) throw new Error('down');
            },
          },
        ],
      });
      const api = request(probed.callback());
      await api.get('/healthz').set('x-request-id', 'probe-ok').expect(200);
      await api.get('/readyz').set('x-request-id', 'ready-ok').expect(200);
      await api.get('/nowhere').set('x-request-id', 'other').expect(404);
      up = false;
      await api.get('/readyz').set('x-request-id', 'probe-down').expect(503);
      const logged = log
        .lines()
        .filter((entry) => entry.msg === 'request')
        .map((entry) => [entry.requestId, entry.level, entry.service, entry.status]);
      expect(logged).to.deep.equal([
        ['other', 30, 'sales', 404],
        ['probe-down', 30, 'sales', 503],
      ]);
    });

    it('generates a UUID when none (or an unsafe one) is given', async () => {
      const res = await request(app(false).callback()).get('/healthz').expect(200);
      expect(res.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
      const unsafe = await request(app(false).callback()).get('/healthz').set('x-request-id', 'a b\tc').expect(200);
      expect(unsafe.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
    });

    it('echoes the request id on error responses too', async () => {
      const res = await request(app(false).callback()).get('/nowhere').set('x-request-id', 'abc-1').expect(404);
      expect(res.headers['x-request-id']).to.equal('abc-1');
    });

    it('never writes credentials or secrets to the log', async () => {
      const log = memoryLogger();
      await request(app(false, log).callback())
        .get('/test/boom')
        .set('authorization', 'Bearer very-secret-token')
        .set('cookie', 'access_token=cookie-secret')
        .set('x-api-key', 'api-key-secret')
        .expect(500);
      log.logger.info(
        { headers: { authorization: 'Bearer h', cookie: 'c=1', 'x-api-key': 'k', 'set-cookie': 's' } },
        'headers',
      );
      log.logger.info(
        { body: { password: 'p4ss', newPassword: 'n3w', token: 't0k', refreshToken: 'r', apiKey: 'a' } },
        'body',
      );
      const text = log.text();
      for (const secret of ['very-secret-token', 'cookie-secret', 'api-key-secret', 'Bearer h', 'p4ss', 'n3w', 't0k']) {
        expect(text).not.to.contain(secret);
      }
      expect(text).to.contain('[Redacted]');
      expect(text).to.contain('secret internal detail');
    });
  });

  it('serves /healthz and /readyz', async () => {
    await request(app(false).callback()).get('/healthz').expect(200, { status: 'ok' });
    await request(app(false).callback())
      .get('/readyz')
      .expect(200, { status: 'ready', checks: { mongodb: 'up' } });
  });
});
