import { expect } from 'chai';
import request from 'supertest';
import { useTestDatabase } from '../../../support/mongo';
import { hubHarness, refreshTokenOf, type HubHarness } from '../../../support/hub';

const PASSWORD = 'correct-horse-9';
const FRONT_END = 'http://front.example.com';
const EVIL = 'http://evil.example.net';

/** CONTRACT 9.3 CSRF on the real hub app: the refresh cookie is the hub's only cookie credential. */
describe('hub CSRF defence (CONTRACT 9.3)', () => {
  const mongo = useTestDatabase();
  let hub: HubHarness;
  before(async () => {
    hub = await hubHarness(mongo(), { env: { CORS_ORIGINS: FRONT_END, PUBLIC_APP_URL: 'https://app.example.com' } });
    const orgId = await hub.createOrg('Acme Motors');
    await hub.createUser({ email: 'ana@example.com', password: PASSWORD, name: 'Ana', orgId, role: 'MEMBER' });
  });

  const api = () => request(hub.app.callback());
  const login = async () =>
    refreshTokenOf(
      await api()
        .post('/api/v1/auth/login')
        .set('Origin', EVIL)
        .send({ email: 'ana@example.com', password: PASSWORD })
        .expect(200),
    );
  const refresh = (token: string) => api().post('/api/v1/auth/refresh').set('Cookie', `refresh_token=${token}`);

  it(
    'refuses a cross-site POST /auth/refresh with the cookie: 403 in the hub format, the token is not ' + 'rotated',
    async () => {
      const token = await login();
      for (const forged of [
        refresh(token).set('Origin', EVIL),
        refresh(token).set('Referer', `${EVIL}/x`),
        refresh(token).set('Sec-Fetch-Site', 'cross-site'),
        refresh(token).set('Sec-Fetch-Site', 'same-site'),
      ]) {
        const res = await forged.expect(403);
        expect(res.body).to.deep.equal({ error: 'Forbidden - cross-site request refused' });
        expect(res.headers['set-cookie']).to.equal(undefined);
      }
      // The same token still rotates once: the refused requests had no effect.
      const rotated = await refresh(token).set('Origin', FRONT_END).expect(200);
      expect(refreshTokenOf(rotated)).to.not.equal(token);
    },
  );

  it(
    'lets it through from its own origin, PUBLIC_APP_URL, CORS_ORIGINS, same-origin metadata, or a client without ' +
      'browser headers',
    async () => {
      const cases: ((token: string) => request.Test)[] = [
        (token) => refresh(token).set('Host', 'hub.example.com').set('Origin', 'http://hub.example.com'),
        (token) => refresh(token).set('Origin', 'https://app.example.com'),
        (token) => refresh(token).set('Referer', `${FRONT_END}/login`),
        (token) => refresh(token).set('Sec-Fetch-Site', 'same-origin'),
        (token) => refresh(token),
      ];
      let token = await login();
      for (const make of cases) token = refreshTokenOf(await make(token).expect(200));
    },
  );

  it('leaves Bearer-authenticated requests alone (logout from another origin with the access token)', async () => {
    const res = await api()
      .post('/api/v1/auth/login')
      .send({ email: 'ana@example.com', password: PASSWORD })
      .expect(200);
    await api()
      .post('/api/v1/auth/logout')
      .set('Authorization', `Bearer ${res.body.accessToken as string}`)
      .set('Origin', EVIL)
      .expect(200);
  });
});
