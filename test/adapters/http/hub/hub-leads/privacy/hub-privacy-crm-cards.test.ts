import { expect } from 'chai';
import request from 'supertest';
import type { MongoConnection } from '../../../../../../src/adapters/mongo/shared/mongo-connection';
import { FakeCrmServer, type FakeCard } from '../../../../../support/crm-graphql-server';
import { eraseOnHub, hubHarness, type HubHarness } from '../../../../../support/hub';
import { setCrmCredentials } from '../../../../../support/hub-webhooks';
import { connectTestDatabase } from '../../../../../support/mongo';
import { holdingCounts } from '../../../../../support/privacy';

const PASSWORD = 'privacy-password';
const CRM_TOKEN = 'crm-token-privacy';
/** The subject's card: a legacy 8-digit mobile spelling and an e-mail with capitals, under the CRM's own names. */
const SUBJECT_FIELDS = [
  { name: 'Celular do cliente', value: '(11) 8765-4321' },
  { name: 'Contato', value: 'Ana.Souza@Exemplo.com.br' },
  { name: 'Modelo', value: 'Argo' },
];
const OTHER: FakeCard = {
  id: 'c-bruno',
  title: 'Bruno Unrelated',
  phase: 'Inbox',
  pipeId: '77',
  fields: [
    { name: 'Celular do cliente', value: '31 99876-5432' },
    { name: 'Contato', value: 'bruno.unrelated@example.com' },
  ],
};

/** CONTRACT 6.1, 12.3, 12.4: a CRM card's lead, which names its subject only inside its fields. */
describe("hub privacy of a CRM card's lead, by the phones and e-mails of its fields (CONTRACT 6.1, 12.3)", () => {
  let mongo: MongoConnection;
  let hub: HubHarness;
  let crm: FakeCrmServer;
  let org: string;
  let owner: string;
  let subjectLead: string;
  const api = () => request(hub.app.callback());
  const base = () => `/api/v1/orgs/${org}/privacy`;
  const leads = () => mongo.db.collection('hub_leads');
  const cardEvent = (action: string, id: string, extra: Record<string, unknown> = {}) =>
    api()
      .post(`/api/v1/webhooks/${org}/crm/crmprovider`)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ data: { action, card: { id, pipe: { id: 77 } }, ...extra } }))
      .expect(200);
  const holdings = async (query: Record<string, string>) =>
    holdingCounts((await api().get(`${base()}/subjects`).query(query).set('Authorization', owner).expect(200)).body);

  before(async () => {
    mongo = await connectTestDatabase();
    hub = await hubHarness(mongo, { overrides: { hubWebhookRateLimit: { limit: 10_000, windowMs: 60_000 } } });
    crm = new FakeCrmServer(CRM_TOKEN);
    const crmUrl = await crm.start();
    org = await hub.createOrg('Card Privacy Org');
    await setCrmCredentials(hub, org, crmUrl, CRM_TOKEN);
    await hub.createUser({ email: 'owner@cards.example.com', password: PASSWORD, orgId: org, role: 'OWNER' });
    const login = await api()
      .post('/api/v1/auth/login')
      .send({ email: 'owner@cards.example.com', password: PASSWORD })
      .expect(200);
    owner = `Bearer ${login.body.accessToken as string}`;

    // Created without a phone or e-mail; a field update brings them; a move changes the title alone.
    crm.cards.set('c-ana', { id: 'c-ana', title: 'Proposta', phase: 'Inbox', pipeId: '77', fields: [] });
    subjectLead = (await cardEvent('card.create', 'c-ana')).body.leadId as string;
    crm.cards.set('c-ana', { id: 'c-ana', title: 'Proposta', phase: 'Inbox', pipeId: '77', fields: SUBJECT_FIELDS });
    await cardEvent('card.field_update', 'c-ana');
    await cardEvent('card.move', 'c-ana', { card: { id: 'c-ana', title: 'Ana Souza' }, to: { name: 'Negociação' } });
    crm.cards.set(OTHER.id, OTHER);
    await cardEvent('card.create', OTHER.id);
  });
  after(async () => {
    await crm.stop();
    await mongo.close();
  });

  it(
    "the card's lead keeps its fields as the CRM sent" + ' them and the keys of the phone and e-mail among them',
    async () => {
      expect(await leads().findOne({ _id: subjectLead as never })).to.deep.include({
        title: 'Ana Souza',
        stage: 'Negociação',
        phone: null,
        email: null,
        fields: SUBJECT_FIELDS,
        valueKeys: ['phone:1187654321', 'email:ana.souza@exemplo.com.br'],
      });
    },
  );

  it(
    'holdings find it by the phone in another spelling' + ' and by the e-mail in another case, not the other card',
    async () => {
      const subject = { leadOutbox: 0, leadEvents: 3, leads: 1 };
      expect(await holdings({ phone: '+55 11 98765-4321' })).to.deep.equal(subject);
      expect(await holdings({ email: 'ANA.souza@exemplo.com.BR' })).to.deep.equal(subject);
      expect(await holdings({ phone: '(21) 98765-4321' })).to.deep.equal({ leadOutbox: 0, leadEvents: 0, leads: 0 });
    },
  );

  it("the export holds the card's lead in the lead view: its title and fields as sent, no keys", async () => {
    const exported = await api()
      .get(`${base()}/subjects/export`)
      .query({ phone: '11987654321' })
      .set('Authorization', owner)
      .expect(200);
    expect(exported.body.stores.leads).to.have.length(1);
    expect(exported.body.stores.leads[0]).to.deep.include({
      id: subjectLead,
      title: 'Ana Souza',
      fields: Object.fromEntries(SUBJECT_FIELDS.map((f) => [f.name, f.value])),
    });
    expect(exported.body.stores.leads[0]).not.to.have.property('valueKeys');
    expect(exported.body.stores.leadEvents).to.have.length(3);
    expect(exported.text).not.to.contain('Bruno');
  });

  it(
    'erasure by the e-mail in another case empties the' + " card's title and fields, keeps its stage; not the other",
    async () => {
      const otherBefore = await leads().findOne({ orgId: org, externalId: OTHER.id });
      const done = await eraseOnHub(hub, base(), owner, {
        email: 'Ana.Souza@EXEMPLO.com.br',
        reason: 'pedido do titular (art. 18)',
      });
      expect(done).to.deep.include({ status: 'done', counts: { leadOutbox: 0, leadEvents: 3, leads: 1 } });
      expect(await leads().findOne({ _id: subjectLead as never })).to.deep.include({
        title: null,
        fields: [],
        valueKeys: [],
        stage: 'Negociação',
        deleted: false,
        erased: true,
      });
      expect(JSON.stringify(await leads().find({ orgId: org }).toArray())).not.to.match(/ana|8765-4321/i);
      expect(await leads().findOne({ orgId: org, externalId: OTHER.id })).to.deep.equal(otherBefore);
      expect(await holdings({ phone: '11 98765-4321' })).to.deep.equal({ leadOutbox: 0, leadEvents: 0, leads: 0 });
      expect(await holdings({ phone: '31 99876-5432' })).to.deep.equal({ leadOutbox: 0, leadEvents: 1, leads: 1 });
      const report = await hub.composition.dataChecks.execute({ repair: false });
      const checks = Object.fromEntries(report.checks.map((check) => [check.name, check.violations]));
      expect(checks).to.include({ 'lead-value-keys': 0, 'erased-subjects-leads': 0 });
    },
  );

  it('check-data holds the erased lead to no value key: one written back is reported', async () => {
    await leads().updateOne({ _id: subjectLead as never }, { $set: { valueKeys: ['phone:1187654321'] } });
    const report = await hub.composition.dataChecks.execute({ repair: false });
    const checks = Object.fromEntries(report.checks.map((check) => [check.name, check.examples]));
    expect(checks).to.deep.include({ 'lead-value-keys': [subjectLead], 'erased-subjects-leads': [subjectLead] });
  });
});
