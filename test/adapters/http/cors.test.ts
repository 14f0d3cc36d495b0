import { expect } from 'chai';
import request from 'supertest';
import { apiEventCollection } from '../../../src/adapters/mongo/sales-identity/api-event-collection';
import { useTestDatabase } from '../../support/mongo';
import { hubHarness, type HubHarness } from '../../support/hub';
import { cookiePairs, openSalesRuntime, type SalesRuntime } from '../../support/sales-runtime';

const FRONT_END = 'http://front.example.com';
const OTHER_FRONT_END = 'https://admin.example.com';
const STRANGER = 'http://evil.example.net';

const preflight = (test: request.Test, origin: string) =>
  test
    .set('Origin', origin)
    .set('Access-Control-Request-Method', 'POST')
    .set('Access-Control-Request-Headers', 'content-type, x-api-key');

function expectCorsHeaders(res: request.Response, origin: string, label: string): void {
  expect(res.headers['access-control-allow-origin'], label).to.equal(origin);
  expect(res.headers['access-control-allow-credentials'], label).to.equal('true');
  expect(res.headers.vary, label).to.match(/\bOrigin\b/);
}

function expectNoCorsHeaders(res: request.Response, label: string): void {
  expect(
    Object.keys(res.headers).filter((name) => name.startsWith('access-control-')),
    label,
  ).to.deep.equal([]);
}

/** CONTRACT 9.3 CORS_ORIGINS on the real sales app. */
describe('sales CORS (CONTRACT 9.3)', () => {
  let rt: SalesRuntime;
  beforeEach(async function () {
    // One test needs a small limit; the others make more requests than that.
    const small = this.currentTest?.title.includes('rate limit') === true;
    rt = await openSalesRuntime({
      env: { CORS_ORIGINS: `${FRONT_END},${OTHER_FRONT_END}` },
      ...(small ? { overrides: { salesRateLimit: { limit: 3, windowMs: 60_000 } } } : {}),
    });
  });
  afterEach(async () => rt.close());
  const api = () => request(rt.callback);

  it('answers a preflight 204 with the CORS headers for an allowed origin, before authentication', async () => {
    const res = await preflight(api().options('/api/sales'), OTHER_FRONT_END).expect(204);
    expectCorsHeaders(res, OTHER_FRONT_END, 'preflight');
    expect(res.headers['access-control-allow-methods']).to.equal('GET, HEAD, POST, PUT, PATCH, DELETE');
    expect(res.headers['access-control-allow-headers']).to.equal('content-type, x-api-key');
    expect(res.text).to.equal('');
  });

  it('gives a disallowed origin no CORS headers (preflight and request)', async () => {
    expectNoCorsHeaders(await preflight(api().options('/api/sales'), STRANGER).expect(204), 'preflight');
    expectNoCorsHeaders(await api().get('/api/sales').set('Origin', STRANGER).expect(401), 'request');
    expectNoCorsHeaders(await api().get('/healthz').set('Origin', `${FRONT_END}/`).expect(200), 'origin with a slash');
  });

  it('never counts a preflight against the rate limit and never writes it to the API event log', async () => {
    for (let i = 0; i < 10; i += 1) await preflight(api().options('/api/sales/manual'), FRONT_END).expect(204);
    const first = await api().get('/api/sales').set('Origin', FRONT_END).expect(401);
    expect(first.headers['x-ratelimit-remaining']).to.equal('2');
    await api().get('/api/sales').set('Origin', FRONT_END).expect(401);
    await api().get('/api/sales').set('Origin', FRONT_END).expect(401);
    // The limiter's own answer carries the CORS headers too.
    expectCorsHeaders(await api().get('/api/sales').set('Origin', FRONT_END).expect(429), FRONT_END, '429');
    await rt.flushEvents();
    const events = await apiEventCollection(rt.db).find({}).toArray();
    // Refused requests are counted per IP, path, status and minute (CONTRACT 9.5): no OPTIONS among them.
    const counted: Record<string, number> = {};
    for (const event of events)
      counted[`${event.method} ${event.path} ${event.status}`] =
        (counted[`${event.method} ${event.path} ${event.status}`] ?? 0) + (event.count ?? 1);
    expect(counted).to.deep.equal({ 'GET /api/sales 401': 3, 'GET /api/sales 429': 1 });
  });

  it('puts the CORS headers on every answer to an allowed origin, errors included', async () => {
    const user = await rt.createUser({ role: 'operator', password: 'correct horse battery' });
    const login = await api()
      .post('/auth/login')
      .set('Origin', FRONT_END)
      .send({ email: user.email, password: 'correct horse battery' })
      .expect(200);
    const cookie = cookiePairs(login.headers['set-cookie']).join('; ');
    const answers: [string, request.Test, number][] = [
      ['200 list', api().get('/api/sales').set('Cookie', cookie), 200],
      ['401', api().get('/api/sales'), 401],
      ['404', api().get('/nowhere'), 404],
      ['400 malformed JSON', api().post('/auth/login').type('json').send('{"email":'), 400],
      ['403 cross-site', api().post('/auth/logout').set('Cookie', cookie).set('Origin', STRANGER), 403],
    ];
    for (const [label, test, status] of answers) {
      // The 403 case is sent from a stranger's page: it gets no CORS headers; the others from the front end.
      const res = await (label === '403 cross-site' ? test : test.set('Origin', FRONT_END));
      expect(res.status, label).to.equal(status);
      if (label === '403 cross-site') expectNoCorsHeaders(res, label);
      else expectCorsHeaders(res, FRONT_END, label);
    }
    // Sent by the allowed front end (Origin wins over a Referer): CSRF passes it, so it is not a 403.
    const fromFrontEnd = await api()
      .post('/auth/logout')
      .set('Cookie', cookie)
      .set('Referer', `${STRANGER}/`)
      .set('Origin', FRONT_END)
      .expect(200);
    expectCorsHeaders(fromFrontEnd, FRONT_END, 'logout');
  });

  it('without CORS_ORIGINS allows no origin and adds nothing', async () => {
    await rt.close();
    rt = await openSalesRuntime();
    const res = await preflight(api().options('/api/sales'), FRONT_END).expect(204);
    expectNoCorsHeaders(res, 'preflight');
    const get = await api().get('/healthz').set('Origin', FRONT_END).expect(200);
    expectNoCorsHeaders(get, 'request');
    expect(get.headers.vary).to.equal(undefined);
  });
});

/** CONTRACT 9.3 CORS_ORIGINS on the real hub app: preflights come before the IP limiter too. */
describe('hub CORS (CONTRACT 9.3)', () => {
  const mongo = useTestDatabase();
  let hub: HubHarness;
  before(async () => {
    hub = await hubHarness(mongo(), {
      env: { CORS_ORIGINS: FRONT_END },
      overrides: { hubIpRateLimit: { limit: 2, windowMs: 300_000 } },
    });
  });
  const api = () => request(hub.app.callback());

  it('answers preflights 204 before the IP limiter, which never counts them', async () => {
    for (let i = 0; i < 5; i += 1) {
      const res = await preflight(api().options('/api/v1/auth/login'), FRONT_END).expect(204);
      expectCorsHeaders(res, FRONT_END, `preflight ${i}`);
    }
    expectNoCorsHeaders(await preflight(api().options('/api/v1/auth/login'), STRANGER).expect(204), 'stranger');
    const answers = [];
    for (let i = 0; i < 3; i += 1)
      answers.push(
        await api()
          .post('/api/v1/auth/login')
          .set('Origin', FRONT_END)
          .send({ email: 'nobody@example.com', password: 'wrong-password-1' }),
      );
    expect(answers.map((res) => res.status)).to.deep.equal([401, 401, 429]);
    for (const res of answers) expectCorsHeaders(res, FRONT_END, `login ${res.status}`);
  });

  it('puts the CORS headers on answers and errors for the allowed origin only', async () => {
    expectCorsHeaders(await api().get('/api/v1/healthz').set('Origin', FRONT_END).expect(200), FRONT_END, 'healthz');
    expectCorsHeaders(await api().get('/api/v1/auth/me').set('Origin', FRONT_END).expect(401), FRONT_END, '401');
    expectCorsHeaders(await api().get('/api/v1/nowhere').set('Origin', FRONT_END).expect(404), FRONT_END, '404');
    expectNoCorsHeaders(await api().get('/api/v1/auth/me').set('Origin', STRANGER).expect(401), 'stranger');
  });
});
