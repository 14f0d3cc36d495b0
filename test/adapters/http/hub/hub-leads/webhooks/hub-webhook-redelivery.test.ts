import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Db } from 'mongodb';
import request from 'supertest';
import type { MongoConnection } from '../../../../../../src/adapters/mongo/shared/mongo-connection';
import { connectTestDatabase } from '../../../../../support/mongo';
import { hubHarness, type HubHarness } from '../../../../../support/hub';
import { FakeCrmServer } from '../../../../../support/crm-graphql-server';
import { addTemplate, createOrgWithSecret, setCrmCredentials, signBody } from '../../../../../support/hub-webhooks';

const SECRET = 'redelivery-secret-0123456789';
const TOKEN = 'crm-token';
const DELIVERIES = 5;

/**
 * Spec part 6 idempotency: a provider redelivers the same event any number of times, in any order,
 * also concurrently; every variant must end in one lead per provider identifier in the right state.
 */
describe('hub webhook redelivery', () => {
  let mongo: MongoConnection;
  let hub: HubHarness;
  let crm: FakeCrmServer;
  let crmUrl: string;
  let db: Db;
  before(async () => {
    mongo = await connectTestDatabase();
    hub = await hubHarness(mongo, { overrides: { hubWebhookRateLimit: { limit: 10_000, windowMs: 60_000 } } });
    db = hub.composition.platform.db;
    crm = new FakeCrmServer(TOKEN);
    crmUrl = await crm.start();
  });
  after(async () => {
    await crm.stop();
    await mongo.close();
  });

  async function org(): Promise<string> {
    const orgId = await createOrgWithSecret(hub, `Org ${randomUUID()}`, SECRET);
    await setCrmCredentials(hub, orgId, crmUrl, TOKEN);
    await addTemplate(hub, {
      orgId,
      name: 'all',
      active: true,
      pipelineExternalId: 'forms',
      conditions: [],
      message: 'Olá {{contact.name}}',
    });
    return orgId;
  }
  const signed = async (path: string, body: string, header: string) =>
    request(hub.app.callback())
      .post(path)
      .set('Content-Type', 'application/json')
      .set(header, await signBody(SECRET, body))
      .send(body);
  const crmEvent = (orgId: string, body: string) =>
    signed(`/api/v1/webhooks/${orgId}/crm/crmprovider`, body, 'X-Crm-Signature');
  const leadForm = (orgId: string, body: string) =>
    signed(`/api/v1/webhooks/${orgId}/leadprovider`, body, 'X-Hub-Signature-256');
  const ok = async (pending: Promise<request.Response>): Promise<request.Response> => {
    const res = await pending;
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res;
  };
  const leadsOf = (orgId: string) => db.collection('hub_leads').find({ orgId }).toArray();
  const create = (cardId: string) =>
    JSON.stringify({ data: { action: 'card.create', card: { id: cardId, title: 'Card', pipe: { id: '9' } } } });
  const form = JSON.stringify({
    id: 'form-1',
    contact: { name: 'Bia', phone: '(21) 99876-5432' },
    interests: { brand: 'Fiat' },
  });

  it(
    'the same CRM event and the same lead form, each delivered 5 times sequentially: one lead each, one log ' +
      'entry, one outbox message',
    async () => {
      const orgId = await org();
      crm.cards.set('seq-1', {
        id: 'seq-1',
        title: 'Card',
        phase: 'Inbox',
        pipeId: '9',
        fields: [{ name: 'a', value: '1' }],
      });
      const crmAnswers = [];
      const formAnswers = [];
      for (let i = 0; i < DELIVERIES; i += 1) {
        crmAnswers.push((await ok(crmEvent(orgId, create('seq-1')))).body);
        formAnswers.push((await ok(leadForm(orgId, form))).body);
      }
      expect(crmAnswers.map((a) => a.created)).to.deep.equal([true, false, false, false, false]);
      expect(new Set(crmAnswers.map((a) => a.leadId)).size).to.equal(1);
      expect(formAnswers.map((a) => a.created)).to.deep.equal([true, false, false, false, false]);
      expect(new Set(formAnswers.map((a) => a.leadId)).size).to.equal(1);
      const leads = await leadsOf(orgId);
      expect(leads).to.have.length(2);
      expect(await db.collection('hub_lead_events').countDocuments({ orgId })).to.equal(2);
      expect(await db.collection('hub_outbox').countDocuments({ orgId })).to.equal(1);
      // Exact redeliveries are recognized before the provider is asked again.
      expect(crm.requests.filter((r) => r.variables.id === 'seq-1')).to.have.length(1);
    },
  );

  it(
    'the same CRM event and the same lead form, each delivered 5 times concurrently: one lead each, exactly one ' +
      'created',
    async () => {
      const orgId = await org();
      crm.cards.set('conc-1', { id: 'conc-1', title: 'Card', phase: 'Inbox', pipeId: '9', fields: [] });
      const answers = await Promise.all([
        ...Array.from({ length: DELIVERIES }, () => crmEvent(orgId, create('conc-1'))),
        ...Array.from({ length: DELIVERIES }, () => leadForm(orgId, form)),
      ]);
      expect(answers.map((a) => a.status)).to.deep.equal(Array(2 * DELIVERIES).fill(200));
      const crmAnswers = answers.slice(0, DELIVERIES).map((a) => a.body);
      const formAnswers = answers.slice(DELIVERIES).map((a) => a.body);
      expect(crmAnswers.filter((a) => a.created)).to.have.length(1);
      expect(formAnswers.filter((a) => a.created)).to.have.length(1);
      expect(new Set(crmAnswers.map((a) => a.leadId)).size).to.equal(1);
      expect(new Set(formAnswers.map((a) => a.leadId)).size).to.equal(1);
      const leads = await leadsOf(orgId);
      expect(leads.map((l) => l.externalId).sort()).to.deep.equal(['conc-1', 'form-1']);
      expect(await db.collection('hub_lead_events').countDocuments({ orgId })).to.equal(2);
      expect(await db.collection('hub_outbox').countDocuments({ orgId })).to.equal(1);
      expect(await db.collection('hub_pipelines').countDocuments({ orgId })).to.equal(2);
    },
  );

  it(
    'different deliveries for one lead form (no id, same phone), concurrently: one lead keyed by the normalized ' +
      'phone',
    async () => {
      const orgId = await org();
      const bodies = ['(11) 98765-4321', '11987654321', '+55 11 98765-4321', '(11) 8765-4321', '011 98765-4321'].map(
        (phone, i) => JSON.stringify({ contact: { name: `Name ${i}`, phone } }),
      );
      const answers = await Promise.all(bodies.map((b) => leadForm(orgId, b)));
      expect(answers.map((a) => a.status)).to.deep.equal([200, 200, 200, 200, 200]);
      expect(answers.filter((a) => a.body.created)).to.have.length(1);
      const leads = await leadsOf(orgId);
      expect(leads.map((l) => l.externalId)).to.deep.equal(['5511987654321']);
      expect(await db.collection('hub_lead_events').countDocuments({ orgId })).to.equal(5);
    },
  );

  it(
    'a move delivered before its create (sequentially and concurrently): one lead, in the moved-to stage with the ' +
      'fetched fields',
    async () => {
      const orgId = await org();
      const move = (cardId: string) =>
        JSON.stringify({
          data: {
            action: 'card.move',
            card: { id: cardId, pipe_id: 9 },
            from: { name: 'Inbox' },
            to: { name: 'Proposal' },
          },
        });
      // The provider's current state: the card is already in the moved-to phase.
      crm.cards.set('ooo-1', {
        id: 'ooo-1',
        title: 'Fetched',
        phase: 'Proposal',
        pipeId: '9',
        fields: [{ name: 'Carro', value: 'Argo' }],
      });
      crm.cards.set('ooo-2', {
        id: 'ooo-2',
        title: 'Fetched',
        phase: 'Proposal',
        pipeId: '9',
        fields: [{ name: 'Carro', value: 'Pulse' }],
      });

      const moved = await ok(crmEvent(orgId, move('ooo-1')));
      expect(moved.body.created).to.equal(true);
      const created = await ok(crmEvent(orgId, create('ooo-1')));
      expect(created.body).to.include({ leadId: moved.body.leadId, created: false });

      const both = await Promise.all([
        crmEvent(orgId, move('ooo-2')),
        crmEvent(orgId, create('ooo-2')),
        crmEvent(orgId, move('ooo-2')),
        crmEvent(orgId, create('ooo-2')),
      ]);
      expect(both.map((r) => r.status)).to.deep.equal([200, 200, 200, 200]);
      expect(both.filter((r) => r.body.created)).to.have.length(1);

      const leads = await leadsOf(orgId);
      expect(leads).to.have.length(2);
      for (const lead of leads) expect(lead).to.include({ stage: 'Proposal', title: 'Fetched', deleted: false });
      expect(leads.find((l) => l.externalId === 'ooo-2')?.fields).to.deep.equal([{ name: 'Carro', value: 'Pulse' }]);
    },
  );

  it(
    'the same body after the redelivery window is a new event (logged again) that still converges to the same ' +
      'lead',
    async () => {
      const orgId = await org();
      const first = await ok(leadForm(orgId, form));
      hub.clock.advance(25 * 60 * 60 * 1000);
      const later = await ok(leadForm(orgId, form));
      expect(later.body).to.deep.equal({ ok: true, leadId: first.body.leadId, created: false });
      expect(await db.collection('hub_lead_events').countDocuments({ orgId })).to.equal(2);
    },
  );
});
