import { expect } from 'chai';
import request from 'supertest';
import type { MongoConnection } from '../../../../../src/adapters/mongo/shared/mongo-connection';
import { connectTestDatabase } from '../../../../support/mongo';
import { hubHarness, INTERNAL_SECRET, type HubHarness } from '../../../../support/hub';

const PASSWORD = 'leads-password';

describe('hub leads, pipelines and lead templates HTTP', () => {
  let mongo: MongoConnection;
  let hub: HubHarness;
  let orgId: string;
  let otherOrgId: string;
  const bearer: Record<string, string> = {};
  before(async () => {
    mongo = await connectTestDatabase();
    hub = await hubHarness(mongo, { overrides: { hubWebhookRateLimit: { limit: 10_000, windowMs: 60_000 } } });
    orgId = await hub.createOrg('Leads Org');
    otherOrgId = await hub.createOrg('Other Leads Org');
    await hub.createUser({ email: 'owner@example.com', password: PASSWORD, orgId, role: 'OWNER' });
    await hub.createUser({ email: 'member@example.com', password: PASSWORD, orgId, role: 'MEMBER' });
    await hub.createUser({
      email: 'client@example.com',
      password: PASSWORD,
      orgId,
      role: 'CLIENT',
      permissions: ['channels:read'],
    });
    await hub.createUser({ email: 'other@example.com', password: PASSWORD, orgId: otherOrgId, role: 'OWNER' });
    for (const who of ['owner', 'member', 'client', 'other']) {
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
  const base = (org: string) => `/api/v1/orgs/${org}`;

  it(
    'pipelines: POST 201 with pipelines:edit, 409 on the same provider + externalId, GET with pipelines:read; bad ' +
      'bodies 400',
    async () => {
      const created = await api()
        .post(`${base(orgId)}/pipelines`)
        .set('Authorization', bearer.owner!)
        .send({ name: 'Vendas', provider: 'crmprovider', externalId: '300' })
        .expect(201);
      expect(created.body).to.include({ orgId, name: 'Vendas', provider: 'crmprovider', externalId: '300' });
      await api()
        .post(`${base(orgId)}/pipelines`)
        .set('Authorization', bearer.owner!)
        .send({ name: 'Again', provider: 'crmprovider', externalId: '300' })
        .expect(409, { error: 'Pipeline already exists for this provider + externalId' });
      const bad = await api()
        .post(`${base(orgId)}/pipelines`)
        .set('Authorization', bearer.owner!)
        .send({ name: { $ne: null }, provider: 'other', externalId: '1' })
        .expect(400);
      expect(Object.keys(bad.body.details as object).sort()).to.deep.equal(['name', 'provider']);
      await api()
        .post(`${base(orgId)}/pipelines`)
        .set('Authorization', bearer.member!)
        .send({ name: 'X', provider: 'leadprovider', externalId: '1' })
        .expect(403, { error: 'Insufficient permissions', required: 'pipelines:edit' });
      const list = await api()
        .get(`${base(orgId)}/pipelines`)
        .set('Authorization', bearer.member!)
        .expect(200);
      expect(list.body.pipelines.map((p: { name: string }) => p.name)).to.deep.equal(['Vendas']);
      await api()
        .get(`${base(otherOrgId)}/pipelines`)
        .set('Authorization', bearer.owner!)
        .expect(404, { error: 'Not found' });
    },
  );

  it(
    'lead templates: POST 201 with templates:edit (conditions as path -> value), GET with templates:read; a ' +
      'non-string condition is 400',
    async () => {
      const body = {
        name: 'Fiat',
        pipelineExternalId: 'forms',
        conditions: { 'interests.brand': 'Fiat' },
        message: 'Olá {{contact.name}}',
      };
      const created = await api()
        .post(`${base(orgId)}/lead-templates`)
        .set('Authorization', bearer.owner!)
        .send(body)
        .expect(201);
      expect(created.body).to.deep.include({ ...body, active: true });
      await api()
        .post(`${base(orgId)}/lead-templates`)
        .set('Authorization', bearer.owner!)
        .send({ ...body, conditions: { 'interests.brand': { $ne: null } } })
        .expect(400);
      await api()
        .post(`${base(orgId)}/lead-templates`)
        .set('Authorization', bearer.member!)
        .send(body)
        .expect(403);
      const list = await api()
        .get(`${base(orgId)}/lead-templates`)
        .set('Authorization', bearer.member!)
        .expect(200);
      expect(list.body.templates).to.have.length(1);
    },
  );

  it(
    'leads: the webhook lead listed (paginated, filters phone, pipelineId, stage) and read by id with its event ' +
      'log; leads:read required; other org 404',
    async () => {
      const form = (phone: string, id: string) =>
        JSON.stringify({ id, contact: { name: 'Ana', phone }, interests: { brand: 'Fiat' } });
      const a = await api()
        .post(`/api/v1/webhooks/${orgId}/leadprovider`)
        .set('Content-Type', 'application/json')
        .send(form('11987654321', 'a'))
        .expect(200);
      await api()
        .post(`/api/v1/webhooks/${orgId}/leadprovider`)
        .set('Content-Type', 'application/json')
        .send(form('21998765432', 'b'))
        .expect(200);
      await api()
        .post(`/api/v1/webhooks/${orgId}/leadprovider`)
        .set('Content-Type', 'application/json')
        .send(form('31998765432', 'c'))
        .expect(200);

      const all = await api()
        .get(`${base(orgId)}/leads`)
        .set('Authorization', bearer.member!)
        .expect(200);
      expect(all.body).to.include({ page: 1, limit: 20, total: 3 });
      const page = await api()
        .get(`${base(orgId)}/leads?limit=2&page=2`)
        .set('Authorization', bearer.member!)
        .expect(200);
      expect(page.body).to.include({ page: 2, limit: 2, total: 3 });
      expect(page.body.leads).to.have.length(1);
      const byPhone = await api()
        .get(`${base(orgId)}/leads`)
        .query({ phone: '(11) 98765-4321' })
        .set('Authorization', bearer.member!)
        .expect(200);
      expect(byPhone.body.leads.map((l: { id: string }) => l.id)).to.deep.equal([a.body.leadId]);
      const pipelineId = byPhone.body.leads[0].pipelineId as string;
      expect(
        (
          await api()
            .get(`${base(orgId)}/leads`)
            .query({ pipelineId, stage: 'new' })
            .set('Authorization', bearer.member!)
            .expect(200)
        ).body.total,
      ).to.equal(3);
      expect(
        (
          await api()
            .get(`${base(orgId)}/leads`)
            .query({ stage: 'won' })
            .set('Authorization', bearer.member!)
            .expect(200)
        ).body.total,
      ).to.equal(0);
      await api()
        .get(`${base(orgId)}/leads?limit=500`)
        .set('Authorization', bearer.member!)
        .expect(400);
      await api()
        .get(`${base(orgId)}/leads?phone=abc`)
        .set('Authorization', bearer.member!)
        .expect(400);

      const one = await api()
        .get(`${base(orgId)}/leads/${a.body.leadId as string}`)
        .set('Authorization', bearer.member!)
        .expect(200);
      expect(one.body).to.include({ id: a.body.leadId, externalId: 'a', phone: '5511987654321', stage: 'new' });
      expect(one.body.events.map((e: { rawBody: string }) => e.rawBody)).to.deep.equal([form('11987654321', 'a')]);
      await api()
        .get(`${base(orgId)}/leads/nope`)
        .set('Authorization', bearer.member!)
        .expect(404, { error: 'Lead not found' });
      await api()
        .get(`${base(orgId)}/leads`)
        .set('Authorization', bearer.client!)
        .expect(403, { error: 'Insufficient permissions', required: 'leads:read' });
      await api()
        .get(`${base(orgId)}/leads/${a.body.leadId as string}`)
        .set('Authorization', bearer.other!)
        .expect(404, { error: 'Not found' });
      await api()
        .get(`${base(otherOrgId)}/leads/${a.body.leadId as string}`)
        .set('Authorization', bearer.other!)
        .expect(404, { error: 'Lead not found' });
      await api()
        .get(`${base(orgId)}/leads`)
        .expect(401, { error: 'Missing authorization header' });
    },
  );

  it('internal leads routes: MCP bearer required (401 Unauthorized), unknown org 404, list and read', async () => {
    const internal = `/api/v1/internal/orgs/${orgId}/leads`;
    await api().get(internal).expect(401, { error: 'Unauthorized' });
    await api().get(internal).set('Authorization', 'Bearer wrong').expect(401, { error: 'Unauthorized' });
    await api().get(internal).set('x-internal-admin', 'true').expect(401, { error: 'Unauthorized' });
    const list = await api().get(internal).set('Authorization', `Bearer ${INTERNAL_SECRET}`).expect(200);
    expect(list.body.total).to.equal(3);
    const id = list.body.leads[0].id as string;
    expect(
      (await api().get(`${internal}/${id}`).set('Authorization', `Bearer ${INTERNAL_SECRET}`).expect(200)).body.id,
    ).to.equal(id);
    await api()
      .get(`/api/v1/internal/orgs/${otherOrgId}/leads/${id}`)
      .set('Authorization', `Bearer ${INTERNAL_SECRET}`)
      .expect(404, { error: 'Lead not found' });
    await api()
      .get('/api/v1/internal/orgs/unknown/leads')
      .set('Authorization', `Bearer ${INTERNAL_SECRET}`)
      .expect(404, { error: 'Not found' });
  });
});
