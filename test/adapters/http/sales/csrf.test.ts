import { expect } from 'chai';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { cookiePairs, openSalesRuntime, setCookieLine, type SalesRuntime } from '../../../support/sales-runtime';
import { TestReceiver } from '../../../support/receiver';
import { manualSaleBody as manualSale } from '../../../support/sales-fixtures';

const FRONT_END = 'http://front.example.com';
const EVIL = 'http://evil.example.net';

/**
 * CONTRACT 9.3 CSRF on the real sales app: unsafe cookie-authenticated requests from another site are 403 and do
 * nothing.
 */
describe('sales CSRF defence (CONTRACT 9.3)', () => {
  let rt: SalesRuntime;
  let receiver: TestReceiver;
  let apiKey: string;
  let cookies: string[];
  let saleId: string;
  let email: string;

  const open = async (env: Record<string, string> = {}) => {
    rt = await openSalesRuntime({
      env: { SALES_WEBHOOK_URL: await receiver.start(), CORS_ORIGINS: FRONT_END, ...env },
      overrides: { webhookTimeoutMs: 1_000 },
    });
    const user = await rt.createUser({ role: 'operator', password: 'correct horse battery' });
    email = user.email;
    apiKey = (await rt.createApiKey(user.email)).key;
    const login = await api()
      .post('/auth/login')
      .send({ email: user.email, password: 'correct horse battery' })
      .expect(200);
    cookies = cookiePairs(login.headers['set-cookie']);
    expect(cookies.map((pair) => pair.split('=')[0])).to.deep.equal(['access_token', 'refresh_token']);
    const { body } = await api().post('/api/sales/manual').set('x-api-key', apiKey).send(manualSale()).expect(201);
    saleId = body.venda.id as string;
  };
  beforeEach(async () => {
    receiver = new TestReceiver();
    await open();
  });
  afterEach(async () => {
    await rt.close();
    await receiver.stop();
  });

  const api = () => request(rt.callback);
  const trigger = () => api().post(`/api/sales/${saleId}/trigger-webhook`).set('Cookie', cookies.join('; '));

  const expectRefused = (res: request.Response, path: string) => {
    expect(res.status).to.equal(403);
    expect(res.body).to.include({ statusCode: 403, message: 'Forbidden - cross-site request refused', path });
  };

  it(
    'refuses a cookie-authenticated trigger-webhook from another site, judged by Origin, else Referer, else ' +
      'Sec-Fetch-Site: 403, nothing delivered',
    async () => {
      const path = `/api/sales/${saleId}/trigger-webhook`;
      expectRefused(await trigger().set('Origin', EVIL), path);
      expectRefused(await trigger().set('Origin', 'null'), path);
      expectRefused(await trigger().set('Origin', EVIL).set('Referer', `${FRONT_END}/page`), path);
      expectRefused(await trigger().set('Referer', `${EVIL}/form.html`), path);
      expectRefused(await trigger().set('Referer', 'not a url'), path);
      expectRefused(await trigger().set('Sec-Fetch-Site', 'cross-site'), path);
      expectRefused(await trigger().set('Sec-Fetch-Site', 'same-site'), path);
      // A front end on a look-alike origin is not the allowed one: origins are compared exactly.
      expectRefused(await trigger().set('Origin', `${FRONT_END}:8080`), path);
      expect(receiver.received).to.have.length(0);
      const detail = await api().get(`/api/sales/${saleId}`).set('x-api-key', apiKey).expect(200);
      expect(detail.body.delivery).to.include({ attempts: 0 });
    },
  );

  it(
    'lets the same request through from its own origin, PUBLIC_APP_URL, a CORS_ORIGINS origin, same-origin fetch ' +
      'metadata, or with none of the three headers',
    async () => {
      const allowed: [string, (req: request.Test) => request.Test][] = [
        ['own origin (Host)', (req) => req.set('Host', 'sales.example.com').set('Origin', 'http://sales.example.com')],
        ['PUBLIC_APP_URL', (req) => req.set('Origin', 'http://app.test')],
        ['CORS_ORIGINS', (req) => req.set('Origin', FRONT_END)],
        ['Referer of an allowed origin', (req) => req.set('Referer', `${FRONT_END}/sales/1`)],
        ['Sec-Fetch-Site same-origin', (req) => req.set('Sec-Fetch-Site', 'same-origin')],
        ['no browser header (script, CLI)', (req) => req],
      ];
      for (const [name, decorate] of allowed) {
        const res = await decorate(trigger());
        expect(res.status, name).to.equal(200);
      }
      expect(receiver.saleIdsReceived()).to.deep.equal(allowed.map(() => saleId));
    },
  );

  it(
    'judges the own origin through TRUST_PROXY: X-Forwarded-Proto/Host count only behind a trusted ' + 'proxy',
    async () => {
      const viaProxy = () =>
        trigger()
          .set('Origin', 'https://api.example.com')
          .set('X-Forwarded-Proto', 'https')
          .set('X-Forwarded-Host', 'api.example.com');
      expectRefused(await viaProxy(), `/api/sales/${saleId}/trigger-webhook`);
      await rt.close();
      await receiver.stop();
      receiver = new TestReceiver();
      await open({ TRUST_PROXY: '1' });
      await viaProxy().expect(200);
      expect(receiver.received).to.have.length(1);
    },
  );

  it('leaves header-authenticated requests (API key, Bearer) alone whatever their origin', async () => {
    await api().post(`/api/sales/${saleId}/trigger-webhook`).set('x-api-key', apiKey).set('Origin', EVIL).expect(200);
    const token = cookies[0]?.slice('access_token='.length) ?? '';
    await api()
      .post(`/api/sales/${saleId}/trigger-webhook`)
      .set('Authorization', `Bearer ${token}`)
      .set('Origin', EVIL)
      .expect(200);
    expect(receiver.received).to.have.length(2);
  });

  it(
    'applies to POST, PUT, PATCH and DELETE with a session cookie, not to GET, and not to a login without ' + 'cookies',
    async () => {
      const created = await api().post('/api-keys').set('Cookie', cookies.join('; ')).send({ email }).expect(201);
      const cases: request.Test[] = [
        api().put(`/vendors/${randomUUID()}`).send({ name: 'x', isActive: true, webhookEnabled: true }),
        api().patch(`/api/sales/${saleId}/status`).send({ event: 'template_sent' }),
        api().delete(`/api-keys/${created.body.id as string}`),
        api().post('/api-keys').send({ email }),
      ];
      for (const req of cases) {
        const res = await req.set('Cookie', cookies.join('; ')).set('Origin', EVIL);
        expect(res.status).to.equal(403);
      }
      const keys = await api().get('/api-keys').set('Cookie', cookies.join('; ')).set('Origin', EVIL).expect(200);
      // Nothing happened: the key is not revoked and no second key was created.
      expect((keys.body.data as { id: string; revokedAt?: string | null }[]).map((key) => key.id)).to.include(
        created.body.id as string,
      );
      expect(keys.body.data).to.have.length(2);
      expect(JSON.stringify(keys.body.data.find((key: { id: string }) => key.id === created.body.id))).to.not.match(
        /"revokedAt":"/,
      );
      const user = await rt.createUser({ role: 'operator', password: 'another good password' });
      await api()
        .post('/auth/login')
        .set('Origin', EVIL)
        .send({ email: user.email, password: 'another good password' })
        .expect(200);
    },
  );

  it('refuses a cross-site /auth/logout with the refresh cookie: the session keeps working', async () => {
    await api().post('/auth/logout').set('Cookie', cookies.join('; ')).set('Origin', EVIL).expect(403);
    await api()
      .post('/auth/logout')
      .set('Cookie', cookies[1] ?? '')
      .set('Sec-Fetch-Site', 'cross-site')
      .expect(403);
    const refreshed = await api()
      .post('/auth/refresh')
      .set('Cookie', cookies[1] ?? '')
      .set('Origin', 'http://app.test')
      .expect(200);
    expect(setCookieLine(refreshed.headers['set-cookie'], 'access_token')).to.be.a('string');
    const out = await api().post('/auth/logout').set('Cookie', cookies.join('; ')).set('Origin', FRONT_END).expect(200);
    expect(out.body).to.deep.equal({ message: 'Logged out' });
    await api()
      .post('/auth/refresh')
      .set('Cookie', cookies[1] ?? '')
      .expect(401);
  });

  it(
    'in production (cookies Secure; SameSite=None, which a cross-site form does send) the check alone stops the ' +
      'forged request, message kept',
    async () => {
      await rt.close();
      await receiver.stop();
      receiver = new TestReceiver();
      await open({ NODE_ENV: 'production' });
      const user = await rt.createUser({ role: 'operator', password: 'production password' });
      const login = await api()
        .post('/auth/login')
        .send({ email: user.email, password: 'production password' })
        .expect(200);
      expect(setCookieLine(login.headers['set-cookie'], 'access_token')).to.match(/; Secure; SameSite=None$/);
      const path = `/api/sales/${saleId}/trigger-webhook`;
      const forged = await api()
        .post(path)
        .set('Cookie', cookiePairs(login.headers['set-cookie']).join('; '))
        .set('Origin', EVIL)
        .type('form')
        .send('x=1');
      expectRefused(forged, path);
      expect(receiver.received).to.have.length(0);
      await api()
        .post(path)
        .set('Cookie', cookiePairs(login.headers['set-cookie']).join('; '))
        .set('Origin', FRONT_END)
        .expect(200);
      expect(receiver.received).to.have.length(1);
    },
  );
});
