import { expect } from 'chai';
import request from 'supertest';
import { cookiePairs, openSalesRuntime, type SalesRuntime } from '../../../support/sales-runtime';

interface AuditEntry {
  readonly requestId: string;
  readonly path: string;
  readonly status: number;
  readonly ip: string;
  readonly userId?: string;
  readonly count?: number;
}

/**
 * CONTRACT 9.5 on the real sales app: which refusals are counted (a guard's 401, the CSRF 403) and
 * which answers stay entries of their own (the auth routes' 401s, after work), and that the auth
 * routes' entries name their user (so they go to the buffer of authenticated entries).
 */
describe('sales API event log: auth routes and the CSRF refusal (CONTRACT 9.5)', function () {
  this.timeout(60_000);
  let sales: SalesRuntime;
  let adminKey: string;
  let reader = 0;

  before(async () => {
    sales = await openSalesRuntime({ env: { TRUST_PROXY: '1', CORS_ORIGINS: 'https://front.example' } });
    adminKey = (await sales.createApiKey((await sales.createUser({ role: 'admin' })).email)).key;
  });
  after(async () => {
    await sales.close();
  });

  const audit = async (query: string): Promise<{ data: AuditEntry[]; total: number }> =>
    (
      await request(sales.callback)
        .get(`/audit-logs${query}`)
        .set('x-api-key', adminKey)
        .set('x-forwarded-for', `198.18.0.${reader++ & 255}`)
        .expect(200)
    ).body;

  it(
    'counts cookie-carrying cross-site writes refused by the CSRF check (403 in the key), not one entry ' + 'each',
    async () => {
      const attacker = '203.0.113.90';
      for (let i = 0; i < 30; i += 1) {
        await request(sales.callback)
          .post('/vendors')
          .set('cookie', 'access_token=x')
          .set('origin', 'https://evil.example')
          .set('x-forwarded-for', attacker)
          .set('x-request-id', `csrf-${i}`)
          .send({ name: 'forged' })
          .expect(403);
      }
      await sales.flushEvents();
      const entries = (await audit('?path=/vendors&status=403')).data.filter((e) => e.ip === attacker);
      expect(entries.length).to.be.within(1, 2);
      expect(entries.every((e) => typeof e.count === 'number')).to.equal(true);
      expect(entries.reduce((sum, e) => sum + (e.count ?? 0), 0)).to.equal(30);
    },
  );

  it('counts a request without a credential to a guarded route', async () => {
    const ip = '203.0.113.91';
    await request(sales.callback)
      .get('/api/sales?limit=1')
      .set('x-forwarded-for', ip)
      .set('x-request-id', 'no-credential-1')
      .expect(401);
    await request(sales.callback)
      .get('/api/sales?limit=1')
      .set('x-forwarded-for', ip)
      .set('x-request-id', 'no-credential-2')
      .expect(401);
    await sales.flushEvents();
    const entries = (await audit('?path=/api/sales&status=401')).data.filter((e) => e.ip === ip);
    expect(entries.reduce((sum, e) => sum + (e.count ?? 0), 0)).to.equal(2);
  });

  it('logs a wrong-password login as an entry of its own, findable by its request id', async () => {
    const user = await sales.createUser({ role: 'operator' });
    const ip = '203.0.113.92';
    for (const requestId of ['wrong-password-1', 'wrong-password-2']) {
      await request(sales.callback)
        .post('/auth/login')
        .set('x-forwarded-for', ip)
        .set('x-request-id', requestId)
        .send({ email: user.email, password: 'not the password' })
        .expect(401);
    }
    await sales.flushEvents();
    for (const requestId of ['wrong-password-1', 'wrong-password-2']) {
      const found = await audit(`?requestId=${requestId}`);
      expect(found.total, requestId).to.equal(1);
      expect(found.data[0]).to.include({ path: '/auth/login', status: 401, ip });
      expect(found.data[0]).not.to.have.property('count');
    }
  });

  it(
    'puts the user id on the entries of a login, a refresh and a logout (the buffer of authenticated ' + 'entries)',
    async () => {
      const user = await sales.createUser({ role: 'operator' });
      const ip = '203.0.113.93';
      const login = await request(sales.callback)
        .post('/auth/login')
        .set('x-forwarded-for', ip)
        .set('x-request-id', 'login-ok')
        .send({ email: user.email, password: user.password })
        .expect(200);
      const cookies = cookiePairs(login.headers['set-cookie']);
      await request(sales.callback)
        .post('/auth/refresh')
        .set('x-forwarded-for', ip)
        .set('x-request-id', 'refresh-ok')
        .set('cookie', cookies.join('; '))
        .set('origin', 'https://front.example')
        .expect(200);
      await request(sales.callback)
        .post('/auth/logout')
        .set('x-forwarded-for', ip)
        .set('x-request-id', 'logout-ok')
        .set('cookie', cookies.join('; '))
        .set('origin', 'https://front.example')
        .expect(200);
      await sales.flushEvents();
      for (const requestId of ['login-ok', 'refresh-ok', 'logout-ok']) {
        const found = await audit(`?requestId=${requestId}`);
        expect(found.total, requestId).to.equal(1);
        expect(found.data[0]?.userId, requestId).to.equal(user.id);
      }
      expect((await audit(`?userId=${user.id}&path=/auth/login`)).total).to.equal(1);
    },
  );

  it('puts the user id on the entry of a password reset', async () => {
    const user = await sales.createUser({ role: 'operator' });
    const ip = '203.0.113.94';
    const mail = sales.mailer.next();
    await request(sales.callback)
      .post('/auth/forgot-password')
      .set('x-forwarded-for', ip)
      .send({ email: user.email })
      .expect(200);
    const token = /reset-password\?token=([0-9a-f]{64})/.exec((await mail).text)?.[1] ?? '';
    await request(sales.callback)
      .post('/auth/reset-password')
      .set('x-forwarded-for', ip)
      .set('x-request-id', 'reset-ok')
      .send({ token, newPassword: 'a new password' })
      .expect(200);
    await sales.flushEvents();
    const found = await audit('?requestId=reset-ok');
    expect(found.total).to.equal(1);
    expect(found.data[0]?.userId).to.equal(user.id);
  });
});
