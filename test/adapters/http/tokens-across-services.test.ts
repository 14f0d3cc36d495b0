import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import request from 'supertest';
import type { MongoConnection } from '../../../src/adapters/mongo/shared/mongo-connection';
import { connectTestDatabase } from '../../support/mongo';
import { HUB_SECRET, hubHarness, type HubHarness } from '../../support/hub';

const PASSWORD = 'correct-horse-9';

/**
 * CONTRACT 11.1 seen by a third-party JWT library (jose), and the two services with EQUAL secrets (set
 * in this composition directly: the start-up check refuses them, config.test.ts): neither accepts the
 * other's token, whatever its role.
 */
describe('access tokens of the two services (CONTRACT 11.1)', () => {
  let mongo: MongoConnection;
  let hub: HubHarness;
  let hubToken: string;
  let salesToken: string;
  before(async () => {
    mongo = await connectTestDatabase();
    hub = await hubHarness(mongo, { configure: (config) => ({ ...config, salesJwtSecret: HUB_SECRET }) });
    expect(hub.composition.platform.config.salesJwtSecret).to.equal(hub.composition.platform.config.hubJwtSecret);
    const orgId = await hub.createOrg('Acme Motors');
    await hub.createUser({ email: 'owner@example.com', password: PASSWORD, orgId, role: 'OWNER' });
    const hubLogin = await request(hub.app.callback())
      .post('/api/v1/auth/login')
      .send({ email: 'owner@example.com', password: PASSWORD })
      .expect(200);
    hubToken = hubLogin.body.accessToken as string;
    const created = await hub.composition.salesIdentity.useCases.createSalesUser.execute({
      email: 'admin@example.com',
      password: PASSWORD,
      role: 'admin',
    });
    if (E.isLeft(created)) throw new Error(created.left._tag);
    const salesLogin = await request(hub.composition.http.sales.callback())
      .post('/auth/login')
      .send({ email: 'admin@example.com', password: PASSWORD })
      .expect(200);
    const cookie = ([] as string[])
      .concat(salesLogin.headers['set-cookie'] ?? [])
      .find((line) => line.startsWith('access_token='));
    salesToken = cookie?.split(';')[0]?.slice('access_token='.length) ?? '';
  });
  after(async () => {
    await mongo.close();
  });

  it('jose reads typ at+jwt, iss, aud, sub, iat, exp, a random jti and sid from each service', () => {
    for (const [token, service, lifetime] of [
      [hubToken, 'brokerhub-hub', 900],
      [salesToken, 'brokerhub-sales', 3600],
    ] as const) {
      expect(decodeProtectedHeader(token), service).to.deep.equal({ alg: 'HS256', typ: 'at+jwt' });
      const claims = decodeJwt(token);
      expect(claims, service).to.include({ iss: service, aud: service });
      expect(claims.sub, service).to.be.a('string').and.not.equal('');
      expect(claims.jti, service).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(claims.sid, service).to.be.a('string').and.not.equal('');
      expect((claims.exp ?? 0) - (claims.iat ?? 0), service).to.equal(lifetime);
    }
    expect(decodeJwt(hubToken).jti).not.to.equal(decodeJwt(salesToken).jti);
  });

  it("a hub OWNER's token is refused by the sales service, with the spec's 401", async () => {
    const sales = () => request(hub.composition.http.sales.callback());
    const bearer = `Bearer ${hubToken}`;
    const list = await sales().get('/api/sales').set('Authorization', bearer).expect(401);
    expect(list.body).to.include({ message: 'Unauthorized - valid access token or API key required' });
    await sales().get('/api-keys').set('Authorization', bearer).expect(401);
    await sales().post('/api/chat-sessions').set('Authorization', bearer).send({}).expect(401);
    await sales().get('/api/sales').set('Authorization', `Bearer ${salesToken}`).expect(200);
  });

  it("a sales admin's token is refused by the hub, with the spec's 401", async () => {
    const hubApi = () => request(hub.app.callback());
    await hubApi()
      .get('/api/v1/auth/me')
      .set('Authorization', `Bearer ${salesToken}`)
      .expect(401, { error: 'Invalid or expired token' });
    await hubApi().get('/api/v1/auth/me').set('Authorization', `Bearer ${hubToken}`).expect(200);
  });
});
