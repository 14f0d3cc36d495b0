import { expect } from 'chai';
import request from 'supertest';
import { connectMongo } from '../../../../../src/adapters/mongo/shared/mongo-connection';
import { openSalesRuntime, cookieValueOf, type SalesRuntime } from '../../../../support/sales-runtime';

describe('sales API event log and /audit-logs', () => {
  let sales: SalesRuntime;
  let manager: { id: string; cookie: string };
  let operatorCookie: string;

  before(async () => {
    sales = await openSalesRuntime({ env: { TRUST_PROXY: '1' } });
    const signIn = async (role: 'manager' | 'operator') => {
      const user = await sales.createUser({ role });
      const res = await request(sales.callback)
        .post('/auth/login')
        .send({ email: user.email, password: user.password })
        .expect(200);
      return { id: user.id, cookie: `access_token=${cookieValueOf(res.headers['set-cookie'], 'access_token') ?? ''}` };
    };
    manager = await signIn('manager');
    operatorCookie = (await signIn('operator')).cookie;
  });
  after(async () => {
    await sales.close();
  });

  const audit = (query = '') => request(sales.callback).get(`/audit-logs${query}`).set('Cookie', manager.cookie);

  it('records one entry per request with method, path, status, duration, user and client IP', async () => {
    await request(sales.callback)
      .get('/api-keys?secret=should-not-be-logged')
      .set('Cookie', manager.cookie)
      .set('x-request-id', 'req-list-1')
      .set('X-Forwarded-For', '203.0.113.9')
      .expect(200);
    await sales.flushEvents();
    const res = await audit('?requestId=req-list-1').expect(200);
    expect(res.body).to.include({ total: 1, page: 1, limit: 20, hasMore: false });
    const [entry] = res.body.data;
    expect(entry).to.include({
      requestId: 'req-list-1',
      method: 'GET',
      path: '/api-keys',
      status: 200,
      userId: manager.id,
      ip: '203.0.113.9',
    });
    expect(entry.durationMs).to.be.a('number');
    expect(entry.at).to.be.a('string');
    expect(entry).not.to.have.property('errorCode');
    const one = await request(sales.callback).get(`/audit-logs/${entry.id}`).set('Cookie', manager.cookie).expect(200);
    expect(one.body).to.deep.equal(entry);
  });

  it('adds the internal code and the detailed messages of an error, correlated by x-request-id', async () => {
    await request(sales.callback)
      .post('/auth/login')
      .set('x-request-id', 'req-bad-login')
      .send({ email: { $ne: null } })
      .expect(400);
    await request(sales.callback).get('/api-keys').set('x-request-id', 'req-no-auth').expect(401);
    await sales.flushEvents();
    const bad = (await audit('?requestId=req-bad-login').expect(200)).body.data[0];
    expect(bad).to.include({ status: 400, errorCode: 'HTTP_EXCEPTION', path: '/auth/login' });
    expect(bad.errorMessages).to.deep.equal(['email must be a string', 'password is required']);
    const noAuth = (await audit('?requestId=req-no-auth').expect(200)).body.data[0];
    expect(noAuth).to.include({ status: 401, errorCode: 'HTTP_EXCEPTION' });
    expect(noAuth).not.to.have.property('userId');
  });

  it('never stores a password, token, key or cookie', async () => {
    const user = await sales.createUser({ password: 'very-secret-password' });
    const login = await request(sales.callback)
      .post('/auth/login')
      .send({ email: user.email, password: user.password })
      .expect(200);
    const key = await sales.createApiKey(user.email);
    await request(sales.callback).get('/api-keys').set('x-api-key', key.key).expect(401);
    await request(sales.callback)
      .post('/auth/refresh')
      .set('Cookie', login.headers['set-cookie'] as unknown as string[])
      .expect(200);
    await sales.flushEvents();
    const stored = JSON.stringify(await sales.db.collection('api_event_logs').find({}).toArray());
    const secrets = [
      user.password,
      key.key,
      cookieValueOf(login.headers['set-cookie'], 'access_token'),
      cookieValueOf(login.headers['set-cookie'], 'refresh_token'),
      'should-not-be-logged',
    ];
    for (const secret of secrets) expect(stored).not.to.contain(secret);
  });

  it('filters by status, path, user and dates, and paginates newest first', async () => {
    for (let i = 0; i < 3; i += 1) await request(sales.callback).get('/nowhere-to-be-found').expect(404);
    await sales.flushEvents();
    const page = await audit('?path=/nowhere-to-be-found&status=404&limit=2').expect(200);
    expect(page.body).to.include({ total: 3, page: 1, limit: 2, hasMore: true });
    const second = await audit('?path=/nowhere-to-be-found&status=404&limit=2&page=2').expect(200);
    expect(second.body).to.include({ total: 3, hasMore: false });
    expect(second.body.data).to.have.length(1);
    const times = page.body.data.map((e: { at: string }) => e.at);
    expect([...times].sort().reverse()).to.deep.equal(times);
    const mine = await audit(`?userId=${manager.id}`).expect(200);
    expect(mine.body.data.every((e: { userId: string }) => e.userId === manager.id)).to.equal(true);
    const future = await audit('?dateFrom=2999-01-01T00:00:00Z').expect(200);
    expect(future.body.total).to.equal(0);
  });

  it('rejects bad filters with 400 and unknown ids with 404', async () => {
    const bad = await audit('?status=abc&limit=1000&dateFrom=yesterday').expect(400);
    expect(bad.body.error).to.have.length(3);
    await audit('?path=a&path=b').expect(400);
    await request(sales.callback).get('/audit-logs/unknown-id').set('Cookie', manager.cookie).expect(404);
  });

  it('is limited to admin and manager: 403 for an operator, 401 without credentials', async () => {
    const denied = await request(sales.callback).get('/audit-logs').set('Cookie', operatorCookie).expect(403);
    expect(denied.body).to.include({ statusCode: 403 });
    await request(sales.callback).get('/audit-logs/some-id').set('Cookie', operatorCookie).expect(403);
    await request(sales.callback).get('/audit-logs').expect(401);
  });
});

describe('API event log in production', () => {
  it('keeps the validation messages the response hides', async () => {
    const sales = await openSalesRuntime({ env: { NODE_ENV: 'production' } });
    try {
      const res = await request(sales.callback).post('/auth/login').set('x-request-id', 'prod-1').send({}).expect(400);
      expect(res.body).not.to.have.property('error');
      await sales.flushEvents();
      const entry = await sales.db.collection('api_event_logs').findOne({ requestId: 'prod-1' });
      expect(entry).to.deep.include({
        errorCode: 'HTTP_EXCEPTION',
        errorMessages: ['email is required', 'password is required'],
      });
    } finally {
      await sales.close();
    }
  });

  it('is flushed when the runtime closes', async () => {
    const sales = await openSalesRuntime({ overrides: { apiEventFlushIntervalMs: 3_600_000 } });
    const db = sales.db;
    // Not a probe: probes are not logged (CONTRACT 9.2).
    await request(sales.callback).get('/api-keys').set('x-request-id', 'before-close').expect(401);
    expect(await db.collection('api_event_logs').countDocuments({ requestId: 'before-close' })).to.equal(0);
    // Close without the helper's own flush, as serve does at shutdown; then read with a fresh client.
    await sales.runtime.close();
    const reader = await connectMongo(sales.config.mongodbUri ?? '');
    try {
      expect(await reader.db.collection('api_event_logs').countDocuments({ requestId: 'before-close' })).to.equal(1);
      await reader.db.dropDatabase().catch(() => undefined);
    } finally {
      await reader.close();
    }
  });
});
