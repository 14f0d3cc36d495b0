import Router from '@koa/router';
import { expect } from 'chai';
import request from 'supertest';
import { CapacityExceededError } from '../../../../src/application/shared/capacity-exceeded-error';
import { AuthenticateAccessToken } from '../../../../src/application/sales-identity/authenticate-access-token';
import { AuthenticateApiKey } from '../../../../src/application/sales-identity/authenticate-api-key';
import { combinedGuard } from '../../../../src/adapters/http/sales/guards';
import { buildSalesApp } from '../../../../src/adapters/http/sales/sales-app';
import { salesError } from '../../../../src/adapters/http/sales/sales-openapi';
import { HttpError } from '../../../../src/adapters/http/shared/errors/http-error';
import { documented } from '../../../../src/adapters/http/shared/openapi/documented-router';
import { InMemoryRateLimitStore } from '../../../../src/adapters/rate-limit/in-memory-rate-limit-store';
import { SystemClock } from '../../../../src/adapters/system/system-clock';
import { CapturingApiEventRecorder } from '../../../support/fakes/capturing-api-event-recorder';
import { SequentialIdGenerator } from '../../../support/fakes/sequential-id-generator';
import { memoryLogger } from '../../../support/logs';
import { salesIdentityFakes } from '../../../support/sales-identity-fakes';

/** Which answers the event log counts rather than logs (CONTRACT 9.5), through the real sales middleware chain. */
describe('sales API event log: what counts as refused before any work (CONTRACT 9.5)', () => {
  const fakes = salesIdentityFakes();
  const guard = combinedGuard({
    authenticateAccessToken: new AuthenticateAccessToken(fakes.accessTokens, fakes.endedSessions, fakes.clock),
    authenticateApiKey: new AuthenticateApiKey(fakes.apiKeys, fakes.users, fakes.secretHasher, fakes.apiKeyCache),
  });
  const routes = (): Router => {
    const router = new Router();
    const api = documented(router, { tag: 'Test' });
    const spec = (summary: string) => ({
      summary,
      responses: { 401: salesError('No credential'), 503: salesError('Refused or down') },
    });
    api.get('/test/capacity', spec('A saturated resource'), () => {
      throw new CapacityExceededError('password hashing', 1);
    });
    api.get('/test/database-down', spec('A database fault'), () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:27017'), { code: 'ECONNREFUSED' });
    });
    api.get('/test/things/:id', spec('Guarded'), guard, () => {
      throw new Error('the guard lets nobody through here');
    });
    // A 401 after work, like a wrong password at /auth/login: not marked by a guard.
    api.post('/test/login', spec('Checks a password'), () => {
      throw new HttpError(401, 'Invalid credentials');
    });
    return router;
  };

  const appWith = (recorder: CapturingApiEventRecorder, limit = 1_000) =>
    buildSalesApp({
      logger: memoryLogger().logger,
      clock: new SystemClock(),
      isProduction: false,
      readinessChecks: [],
      routers: [routes()],
      rateLimit: {
        store: new InMemoryRateLimitStore(new SystemClock()),
        trustProxy: 1,
        defaultRule: { limit, windowMs: 60_000 },
      },
      eventLog: { recorder, ids: new SequentialIdGenerator(0x71), trustProxy: 1 },
    }).callback();

  it(
    'counts the 503 of a saturated resource and a 401, under the route pattern; logs the 503 of a database ' + 'fault',
    async () => {
      const recorder = new CapturingApiEventRecorder();
      const app = appWith(recorder);
      await request(app).get('/test/capacity').set('x-forwarded-for', '203.0.113.1').expect(503);
      await request(app).get('/test/capacity').set('x-forwarded-for', '203.0.113.1').expect(503);
      await request(app)
        .get('/test/database-down')
        .set('x-forwarded-for', '203.0.113.1')
        .set('x-request-id', 'db-down')
        .expect(503);
      await request(app).get('/test/things/1').set('x-forwarded-for', '203.0.113.1').expect(401);
      await request(app).get('/test/things/2').set('x-forwarded-for', '203.0.113.1').expect(401);
      // Logged one by one at once; the counts only when their minute closes (here: closed now).
      expect(recorder.events.map((e) => [e.path, e.status, e.requestId])).to.deep.equal([
        ['/test/database-down', 503, 'db-down'],
      ]);
      recorder.closeOpenCounts();
      const counted = recorder.events
        .filter((e) => e.count !== undefined)
        .map((e) => [e.ip, e.path, e.status, e.count]);
      expect(counted).to.have.deep.members([
        ['203.0.113.1', '/test/capacity', 503, 2],
        ['203.0.113.1', '/test/things/:id', 401, 2],
      ]);
    },
  );

  it('logs a 401 no guard marked (a refusal after work) one entry per request, each with its request id', async () => {
    const recorder = new CapturingApiEventRecorder();
    const app = appWith(recorder);
    await request(app)
      .post('/test/login')
      .set('x-forwarded-for', '203.0.113.3')
      .set('x-request-id', 'login-1')
      .expect(401);
    await request(app)
      .post('/test/login')
      .set('x-forwarded-for', '203.0.113.3')
      .set('x-request-id', 'login-2')
      .expect(401);
    recorder.closeOpenCounts();
    expect(recorder.events.map((e) => [e.path, e.status, e.requestId, e.count])).to.deep.equal([
      ['/test/login', 401, 'login-1', undefined],
      ['/test/login', 401, 'login-2', undefined],
    ]);
  });

  it(
    "counts the limiter's 429 under the address the limiter uses; a path no route declares as " + '(unmatched)',
    async () => {
      const recorder = new CapturingApiEventRecorder();
      const app = appWith(recorder, 1);
      for (let i = 0; i < 3; i += 1)
        await request(app).get('/test/things/1').set('x-forwarded-for', `10.0.0.${i}, 203.0.113.2`);
      for (let i = 0; i < 3; i += 1)
        await request(app).get(`/random-${i}`).set('x-forwarded-for', `10.0.1.${i}, 203.0.113.2`);
      recorder.closeOpenCounts();
      const counted = recorder.events
        .filter((e) => e.count !== undefined)
        .map((e) => [e.ip, e.path, e.status, e.count]);
      expect(counted).to.have.deep.members([
        ['203.0.113.2', '/test/things/:id', 401, 1],
        ['203.0.113.2', '/test/things/:id', 429, 2],
        ['203.0.113.2', '(unmatched)', 429, 2],
      ]);
      // The first request to an unmatched path is a 404: logged, with its raw path.
      expect(recorder.events.filter((e) => e.count === undefined).map((e) => [e.path, e.status])).to.deep.equal([
        ['/random-0', 404],
      ]);
    },
  );
});
