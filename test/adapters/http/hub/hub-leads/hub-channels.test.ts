import { expect } from 'chai';
import request from 'supertest';
import type { MongoConnection } from '../../../../../src/adapters/mongo/shared/mongo-connection';
import { connectTestDatabase } from '../../../../support/mongo';
import { hubHarness, INTERNAL_SECRET, type HubHarness } from '../../../../support/hub';

const PASSWORD = 'channel-password';

describe('hub channels and internal routes HTTP', () => {
  let mongo: MongoConnection;
  let hub: HubHarness;
  let orgId: string;
  let otherOrgId: string;
  const bearer: Record<string, string> = {};
  before(async () => {
    mongo = await connectTestDatabase();
    hub = await hubHarness(mongo);
    orgId = await hub.createOrg('Channel Org');
    otherOrgId = await hub.createOrg('Other Org');
    await hub.createUser({ email: 'owner@example.com', password: PASSWORD, orgId, role: 'OWNER' });
    await hub.createUser({ email: 'member@example.com', password: PASSWORD, orgId, role: 'MEMBER' });
    await hub.createUser({
      email: 'client@example.com',
      password: PASSWORD,
      orgId,
      role: 'CLIENT',
      permissions: ['leads:read'],
    });
    for (const who of ['owner', 'member', 'client']) {
      const res = await request(hub.app.callback())
        .post('/api/v1/auth/login')
        .send({ email: `${who}@example.com`, password: PASSWORD })
        .expect(200);
      bearer[who] = `Bearer ${res.body.accessToken as string}`;
    }
  });
  after(async () => {
    await mongo.close();
  });
  const api = () => request(hub.app.callback());
  const channels = (org: string) => `/api/v1/orgs/${org}/channels`;

  it('creates (201) and lists channels with channels:edit / channels:read', async () => {
    const created = await api()
      .post(channels(orgId))
      .set('Authorization', bearer.owner!)
      .send({ name: ' Vendas ', type: 'QR_CODE' })
      .expect(201);
    expect(created.body).to.include({ orgId, name: 'Vendas', type: 'QR_CODE' });
    const list = await api().get(channels(orgId)).set('Authorization', bearer.member!).expect(200);
    expect(list.body.channels.map((c: { name: string }) => c.name)).to.deep.equal(['Vendas']);
  });

  it('answers 409 Name already exists for a duplicate name in the organization', async () => {
    await api()
      .post(channels(orgId))
      .set('Authorization', bearer.owner!)
      .send({ name: 'Suporte', type: 'WWABA' })
      .expect(201);
    await api()
      .post(channels(orgId))
      .set('Authorization', bearer.owner!)
      .send({ name: 'Suporte', type: 'QR_CODE' })
      .expect(409, { error: 'Name already exists' });
  });

  it('answers 403 with required when the permission is missing', async () => {
    await api()
      .post(channels(orgId))
      .set('Authorization', bearer.member!)
      .send({ name: 'X', type: 'WWABA' })
      .expect(403, { error: 'Insufficient permissions', required: 'channels:edit' });
    await api()
      .get(channels(orgId))
      .set('Authorization', bearer.client!)
      .expect(403, { error: 'Insufficient permissions', required: 'channels:read' });
  });

  it('answers 404 Not found for another organization, before the permission check', async () => {
    await api().get(channels(otherOrgId)).set('Authorization', bearer.owner!).expect(404, { error: 'Not found' });
    await api().get(channels(otherOrgId)).set('Authorization', bearer.client!).expect(404, { error: 'Not found' });
  });

  it('needs an access token', async () => {
    await api().get(channels(orgId)).expect(401, { error: 'Missing authorization header' });
  });

  it('validates the body: 400 Validation error, nothing written', async () => {
    const before = await mongo.db.collection('hub_channels').countDocuments();
    const res = await api()
      .post(channels(orgId))
      .set('Authorization', bearer.owner!)
      .send({ name: { $ne: null }, type: 'SMS' })
      .expect(400);
    expect(res.body).to.deep.equal({
      error: 'Validation error',
      details: { name: ['name must be a string'], type: ['type must be one of QR_CODE, WWABA'] },
    });
    expect(await mongo.db.collection('hub_channels').countDocuments()).to.equal(before);
  });

  describe('GET /internal/orgs/{orgId}', () => {
    const summary = (authorization?: string, extra: Record<string, string> = {}) => {
      const req = api().get(`/api/v1/internal/orgs/${orgId}`).set(extra);
      return authorization === undefined ? req : req.set('Authorization', authorization);
    };

    it('answers the organization summary with the internal bearer', async () => {
      const res = await summary(`Bearer ${INTERNAL_SECRET}`).expect(200);
      expect(res.body).to.include({ id: orgId, name: 'Channel Org', slug: 'channel-org', channelCount: 2 });
      await api()
        .get('/api/v1/internal/orgs/unknown-org')
        .set('Authorization', `Bearer ${INTERNAL_SECRET}`)
        .expect(404, { error: 'Not found' });
    });

    it(
      'answers 401 Unauthorized for a missing, malformed, different or differently long secret, and for ' +
        'x-internal-admin',
      async () => {
        const unauthorized = { error: 'Unauthorized' };
        await summary().expect(401, unauthorized);
        await summary(INTERNAL_SECRET).expect(401, unauthorized);
        await summary(`Basic ${INTERNAL_SECRET}`).expect(401, unauthorized);
        await summary(`Bearer ${INTERNAL_SECRET.slice(0, -1)}X`).expect(401, unauthorized);
        await summary(`Bearer ${INTERNAL_SECRET}-longer`).expect(401, unauthorized);
        await summary(bearer.owner).expect(401, unauthorized);
        await summary(undefined, { 'x-internal-admin': 'true' }).expect(401, unauthorized);
      },
    );

    it('answers 500 Internal auth not configured without MCP_INTERNAL_SECRET', async () => {
      const unconfigured = await hubHarness(mongo, { env: { MCP_INTERNAL_SECRET: '' } });
      await request(unconfigured.app.callback())
        .get(`/api/v1/internal/orgs/${orgId}`)
        .set('Authorization', `Bearer ${INTERNAL_SECRET}`)
        .expect(500, { error: 'Internal auth not configured' });
    });
  });
});
