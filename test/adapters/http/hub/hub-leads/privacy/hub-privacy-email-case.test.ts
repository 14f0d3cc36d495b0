import { expect } from 'chai';
import request from 'supertest';
import type { MongoConnection } from '../../../../../../src/adapters/mongo/shared/mongo-connection';
import { connectTestDatabase } from '../../../../../support/mongo';
import { eraseOnHub, hubHarness, type HubHarness } from '../../../../../support/hub';
import { holdingCounts } from '../../../../../support/privacy';

const PASSWORD = 'privacy-password';
/** The provider sent the address with capitals: the hub keeps it as sent and finds it in any case. */
const SUBJECT = { name: 'Ana Souza', phone: '(11) 98765-4321', email: 'Ana.Souza@Exemplo.com.br' };
const OTHER = { name: 'Joaquim Unrelated', phone: '31 99876-5432', email: 'Joaquim.Unrelated@Example.com' };

/** CONTRACT 12.1, 12.3: a data subject named by an e-mail in another case than the lead's stored one. */
describe('hub privacy by an e-mail stored in mixed case (CONTRACT 12.1, 12.3)', () => {
  let mongo: MongoConnection;
  let hub: HubHarness;
  let org: string;
  let owner: string;
  const api = () => request(hub.app.callback());
  const base = () => `/api/v1/orgs/${org}/privacy`;
  const form = (id: string, who: typeof SUBJECT) =>
    api()
      .post(`/api/v1/webhooks/${org}/leadprovider`)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ id, contact: { ...who }, interests: { brand: 'Fiat' } }))
      .expect(200);
  const leadsOf = async (email: string) => mongo.db.collection('hub_leads').find({ orgId: org, email }).toArray();

  before(async () => {
    mongo = await connectTestDatabase();
    hub = await hubHarness(mongo, { overrides: { hubWebhookRateLimit: { limit: 10_000, windowMs: 60_000 } } });
    org = await hub.createOrg('Email Case Org');
    await hub.createUser({ email: 'owner@case.example.com', password: PASSWORD, orgId: org, role: 'OWNER' });
    const login = await api()
      .post('/api/v1/auth/login')
      .send({ email: 'owner@case.example.com', password: PASSWORD })
      .expect(200);
    owner = `Bearer ${login.body.accessToken as string}`;
    await api()
      .post(`/api/v1/orgs/${org}/lead-templates`)
      .set('Authorization', owner)
      .send({
        name: 'Fiat',
        pipelineExternalId: 'forms',
        conditions: { 'interests.brand': 'Fiat' },
        message: 'Olá {{contact.name}}',
      })
      .expect(201);
    // Told by its e-mail only: a phone of the request would find the lead without the e-mail.
    await form('subject-1', SUBJECT);
    await form('other-1', OTHER);
  });
  after(async () => {
    await mongo.close();
  });

  it('the lead keeps the e-mail as the provider sent it, in the store and in the lead view', async () => {
    const [stored] = await leadsOf(SUBJECT.email);
    expect(stored).to.include({ email: SUBJECT.email, emailKey: 'ana.souza@exemplo.com.br' });
    const view = await api()
      .get(`/api/v1/orgs/${org}/leads/${String(stored!._id)}`)
      .set('Authorization', owner)
      .expect(200);
    expect(JSON.stringify(view.body)).to.contain(SUBJECT.email);
  });

  it('holdings and export find it by the e-mail in another case; the export keeps it as sent', async () => {
    const held = await api()
      .get(`${base()}/subjects`)
      .query({ email: 'ANA.SOUZA@exemplo.COM.BR' })
      .set('Authorization', owner)
      .expect(200);
    expect(holdingCounts(held.body)).to.deep.equal({ leadOutbox: 1, leadEvents: 1, leads: 1 });
    const exported = await api()
      .get(`${base()}/subjects/export`)
      .query({ email: 'ana.souza@exemplo.com.br' })
      .set('Authorization', owner)
      .expect(200);
    expect(exported.body.stores.leads).to.have.length(1);
    expect(exported.body.stores.leads[0]).to.include({ name: SUBJECT.name, email: SUBJECT.email });
    expect(exported.body.stores.leads[0]).not.to.have.property('emailKey');
    expect(exported.text).not.to.contain('Joaquim');
  });

  it('erasure by the e-mail in another case: the lead, its raw event and outbox entry, not the other', async () => {
    const otherBefore = await leadsOf(OTHER.email);
    const done = await eraseOnHub(hub, base(), owner, {
      email: 'ana.SOUZA@EXEMPLO.com.br',
      reason: 'pedido do titular (art. 18)',
    });
    expect(done).to.deep.include({ status: 'done', counts: { leadOutbox: 1, leadEvents: 1, leads: 1 } });
    const leads = await mongo.db.collection('hub_leads').find({ orgId: org }).toArray();
    const erased = leads.filter((lead) => lead.erased === true);
    expect(erased).to.have.length(1);
    expect(erased[0]).to.include({ email: null, emailKey: null, name: null, phone: null });
    expect(JSON.stringify(leads).toLowerCase()).not.to.contain('ana.souza');
    expect(await leadsOf(OTHER.email)).to.deep.equal(otherBefore);
    const report = await hub.composition.dataChecks.execute({ repair: false });
    const checks = Object.fromEntries(report.checks.map((check) => [check.name, check.violations]));
    expect(checks).to.include({ 'lead-email-keys': 0, 'erased-subjects-leads': 0 });
  });
});
