import { expect } from 'chai';
import request from 'supertest';
import type { MongoConnection } from '../../../../../../src/adapters/mongo/shared/mongo-connection';
import { connectTestDatabase } from '../../../../../support/mongo';
import { hubHarness, type HubHarness } from '../../../../../support/hub';
import { holdingCounts } from '../../../../../support/privacy';

const PASSWORD = 'privacy-password';
const SUBJECT = { name: 'Mariana Subjectova', phone: '(11) 98765-4321', email: 'mariana.subjectova@example.com' };
const SUBJECT_VALUES = ['Mariana Subjectova', '98765-4321', '987654321', 'mariana.subjectova@example.com'];
const OTHER = { name: 'Joaquim Unrelated', phone: '31 99876-5432', email: 'joaquim.unrelated@example.com' };
const HUB_COLLECTIONS = ['hub_leads', 'hub_lead_events', 'hub_outbox', 'hub_webhook_receipts', 'hub_privacy_erasures'];

describe('hub privacy HTTP (CONTRACT 12.3): holdings, export, erasure per organization', () => {
  let mongo: MongoConnection;
  let hub: HubHarness;
  let orgA: string;
  let orgB: string;
  const bearer: Record<string, string> = {};
  const api = () => request(hub.app.callback());
  const base = (org: string) => `/api/v1/orgs/${org}/privacy`;

  const form = (org: string, id: string, who: typeof SUBJECT, extra: Record<string, unknown> = {}) =>
    api()
      .post(`/api/v1/webhooks/${org}/leadprovider`)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ id, contact: { ...who }, interests: { brand: 'Fiat' }, ...extra }))
      .expect(200);

  before(async () => {
    mongo = await connectTestDatabase();
    hub = await hubHarness(mongo, { overrides: { hubWebhookRateLimit: { limit: 10_000, windowMs: 60_000 } } });
    orgA = await hub.createOrg('Privacy Org A');
    orgB = await hub.createOrg('Privacy Org B');
    for (const [who, org, role] of [
      ['owner', orgA, 'OWNER'],
      ['admin', orgA, 'ADMIN'],
      ['member', orgA, 'MEMBER'],
      ['ownerb', orgB, 'OWNER'],
    ] as const) {
      await hub.createUser({ email: `${who}@privacy.example.com`, password: PASSWORD, orgId: org, role });
      const res = await api()
        .post('/api/v1/auth/login')
        .send({ email: `${who}@privacy.example.com`, password: PASSWORD })
        .expect(200);
      bearer[who] = `Bearer ${res.body.accessToken as string}`;
    }
    for (const [org, who] of [
      [orgA, 'owner'],
      [orgB, 'ownerb'],
    ] as const) {
      await api()
        .post(`/api/v1/orgs/${org}/lead-templates`)
        .set('Authorization', bearer[who]!)
        .send({
          name: 'Fiat',
          pipelineExternalId: 'forms',
          conditions: { 'interests.brand': 'Fiat' },
          message: 'Olá {{contact.name}}',
        })
        .expect(201);
    }
    // Org A: the subject's lead by phone and e-mail, updated by a second delivery (two raw events, one outbox
    // entry), the same phone spelled without its ninth digit, and an unrelated lead. Org B: the same person.
    await form(orgA, 'subject-1', SUBJECT);
    await form(orgA, 'subject-1', SUBJECT, { note: 'segunda entrega' });
    await form(orgA, 'subject-2', { ...SUBJECT, phone: '+55 11 8765-4321' });
    await form(orgA, 'other-1', OTHER);
    await form(orgB, 'subject-1', SUBJECT);
  });
  after(async () => {
    await mongo.close();
  });

  it('holdings: by phone in any spelling or by e-mail, only this organization; an unknown subject: 0', async () => {
    const byPhone = await api()
      .get(`${base(orgA)}/subjects`)
      .query({ phone: '11 8765 4321' })
      .set('Authorization', bearer.admin!)
      .expect(200);
    expect(byPhone.body.subject).to.deep.equal({ cpf: null, phones: ['5511987654321'], emails: [] });
    expect(holdingCounts(byPhone.body)).to.deep.equal({ leadOutbox: 2, leadEvents: 3, leads: 2 });
    const byEmail = await api()
      .get(`${base(orgA)}/subjects`)
      .query({ email: ' Mariana.Subjectova@example.com ' })
      .set('Authorization', bearer.owner!)
      .expect(200);
    expect(holdingCounts(byEmail.body)).to.deep.equal({ leadOutbox: 2, leadEvents: 3, leads: 2 });
    const inB = await api()
      .get(`${base(orgB)}/subjects`)
      .query({ email: SUBJECT.email })
      .set('Authorization', bearer.ownerb!)
      .expect(200);
    expect(holdingCounts(inB.body)).to.deep.equal({ leadOutbox: 1, leadEvents: 1, leads: 1 });
    const nobody = await api()
      .get(`${base(orgA)}/subjects`)
      .query({ email: 'nobody@example.com' })
      .set('Authorization', bearer.owner!)
      .expect(200);
    expect(holdingCounts(nobody.body)).to.deep.equal({ leadOutbox: 0, leadEvents: 0, leads: 0 });
  });

  it('bad input: zero or two identifiers, a malformed phone or e-mail, an unknown parameter are 400', async () => {
    for (const query of [{}, { phone: '11987654321', email: SUBJECT.email }, { phone: '123' }, { email: 'x@' }]) {
      const res = await api()
        .get(`${base(orgA)}/subjects`)
        .query(query)
        .set('Authorization', bearer.owner!)
        .expect(400);
      expect(res.body.error).to.equal('Validation error');
      expect(JSON.stringify(res.body.details)).to.match(/exactly one of phone and email|Brazilian phone|e-mail/);
    }
    await api()
      .get(`${base(orgA)}/subjects/export`)
      .query({ cpf: '12345678909' })
      .set('Authorization', bearer.owner!)
      .expect(400);
    const bodies = [
      { reason: 'pedido do titular' },
      { phone: SUBJECT.phone, email: SUBJECT.email, reason: 'pedido' },
      { phone: 'abc', reason: 'pedido' },
      { email: SUBJECT.email, reason: 'x'.repeat(501) },
      { email: SUBJECT.email, reason: '   ' },
      { email: SUBJECT.email },
      { email: SUBJECT.email, reason: 'pedido', extra: 1 },
    ];
    for (const body of bodies) {
      const res = await api()
        .post(`${base(orgA)}/erasures`)
        .set('Authorization', bearer.owner!)
        .send(body)
        .expect(400);
      expect(res.body.error).to.equal('Validation error');
    }
  });

  it('roles and tenancy: MEMBER 403 on every route, another organization 404, an unknown erasure 404', async () => {
    const routes = [
      () =>
        api()
          .get(`${base(orgA)}/subjects`)
          .query({ email: SUBJECT.email }),
      () =>
        api()
          .get(`${base(orgA)}/subjects/export`)
          .query({ email: SUBJECT.email }),
      () =>
        api()
          .post(`${base(orgA)}/erasures`)
          .send({ email: SUBJECT.email, reason: 'pedido' }),
      () => api().get(`${base(orgA)}/erasures/some-id`),
    ];
    for (const route of routes) {
      const res = await route().set('Authorization', bearer.member!).expect(403);
      expect(res.body.error).to.equal('Insufficient permissions');
      await route().set('Authorization', bearer.ownerb!).expect(404, { error: 'Not found' });
    }
    await api()
      .get(`${base(orgA)}/erasures/unknown`)
      .set('Authorization', bearer.owner!)
      .expect(404);
  });

  /**
   * CONTRACT 12.4: an export or erasure is on record as an authenticated action (who, which organization, the request
   * id), never with the identifier; the hub's record is a log line (it keeps no API event log).
   */
  const expectRecorded = (action: 'export' | 'erasure', requestId: unknown): Record<string, unknown> => {
    const lines = hub.logs().filter((line) => line.privacyAction === action && line.requestId === requestId);
    expect(lines, `one ${action} record of request ${String(requestId)}`).to.have.length(1);
    const line = lines[0]!;
    expect(line).to.include({ msg: 'hub privacy action', orgId: orgA });
    expect(line.userId).to.be.a('string');
    for (const value of SUBJECT_VALUES) expect(JSON.stringify(line).toLowerCase()).not.to.contain(value.toLowerCase());
    return line;
  };

  it('export: a streamed JSON attachment, leads in the API lead view, the raw events, the outbox', async () => {
    const res = await api()
      .get(`${base(orgA)}/subjects/export`)
      .query({ phone: SUBJECT.phone })
      .set('Authorization', bearer.owner!)
      .expect(200);
    expect(res.headers['content-disposition']).to.match(/^attachment; filename="subject-export-.*\.json"$/);
    const doc = res.body;
    expect(doc.subject).to.deep.equal({ cpf: null, phones: ['5511987654321'], emails: [] });
    expect(Object.keys(doc.stores)).to.deep.equal(['leadOutbox', 'leadEvents', 'leads']);
    expect(doc.stores.leads).to.have.length(2);
    expect(doc.stores.leads[0]).to.include({ orgId: orgA, name: SUBJECT.name, phone: '5511987654321' });
    expect(doc.stores.leadEvents).to.have.length(3);
    expect(doc.stores.leadOutbox[0].text).to.equal(`Olá ${SUBJECT.name}`);
    expectRecorded('export', res.headers['x-request-id']);
  });

  it(
    'erasure: 202 pending, 200 with the same id while pending, done with counts and no identifier; afterwards no ' +
      "value of the subject in org A's documents, org B and the unrelated lead untouched",
    async () => {
      const before = await dump();
      // The background run is started by the request; the test completes it itself, deterministically.
      const first = await api()
        .post(`${base(orgA)}/erasures`)
        .set('Authorization', bearer.owner!)
        .send({ email: SUBJECT.email, reason: 'pedido do titular (art. 18)' });
      expect(first.status).to.equal(202);
      expect(first.body).to.deep.equal({ id: first.body.id, status: 'pending' });
      expect(expectRecorded('erasure', first.headers['x-request-id']).erasureId).to.equal(first.body.id);
      await hub.composition.hubPrivacy.useCases.completePendingErasures.execute();
      const done = await api()
        .get(`${base(orgA)}/erasures/${first.body.id as string}`)
        .set('Authorization', bearer.owner!)
        .expect(200);
      expect(done.body).to.include({ id: first.body.id, status: 'done' });
      expect(done.body.doneAt).to.be.a('string');
      // The e-mail names lead subject-1 and subject-2 (same e-mail): both leads, their 3 events, 2 outbox entries.
      expect(done.body.counts).to.deep.equal({ leadOutbox: 2, leadEvents: 3, leads: 2 });
      expect(JSON.stringify(done.body)).not.to.contain('mariana');
      expect(
        JSON.stringify(await mongo.db.collection('hub_privacy_erasures').findOne({ _id: first.body.id })),
      ).not.to.match(/mariana|98765/i);

      const after = await dump();
      for (const [collection, docs] of after) {
        const ofA = docs.filter((d) => JSON.stringify(d).includes(orgA));
        for (const value of SUBJECT_VALUES) {
          expect(JSON.stringify(ofA).toLowerCase(), `${collection}: ${value}`).not.to.contain(value.toLowerCase());
        }
      }
      const leadsAfter = after.get('hub_leads')!;
      const ofB = (docs: Record<string, unknown>[]) => docs.filter((d) => d.orgId === orgB);
      for (const collection of HUB_COLLECTIONS.slice(0, 3)) {
        expect(ofB(after.get(collection)!), collection).to.deep.equal(ofB(before.get(collection)!));
      }
      const other = (docs: Record<string, unknown>[]) => docs.filter((d) => JSON.stringify(d).includes(OTHER.email));
      expect(other(leadsAfter)).to.deep.equal(other(before.get('hub_leads')!));
      expect(other(leadsAfter)).to.have.length(1);
      const erased = leadsAfter.filter((d) => d.orgId === orgA && d.erased === true);
      expect(erased).to.have.length(2);
      expect(erased.map((d) => d.stage)).to.deep.equal(['new', 'new']);
      const nowHeld = await api()
        .get(`${base(orgA)}/subjects`)
        .query({ email: SUBJECT.email })
        .set('Authorization', bearer.owner!)
        .expect(200);
      expect(holdingCounts(nowHeld.body)).to.deep.equal({ leadOutbox: 0, leadEvents: 0, leads: 0 });
    },
  );

  it('a second request for a subject while its erasure is pending: 200 with the same id, no second job', async () => {
    const { requestErasure, completePendingErasures } = hub.composition.hubPrivacy.useCases;
    const pending = await requestErasure.execute({
      orgId: orgB,
      identifier: { kind: 'phone', value: '5511987654321' },
      reason: 'pedido',
    });
    expect(pending.created).to.equal(true);
    const again = await api()
      .post(`${base(orgB)}/erasures`)
      .set('Authorization', bearer.ownerb!)
      .send({ phone: '(11) 8765-4321', reason: 'de novo' })
      .expect(200);
    expect(again.body).to.deep.equal({ id: pending.id, status: 'pending' });
    await completePendingErasures.execute(orgB);
    const done = await api()
      .get(`${base(orgB)}/erasures/${pending.id}`)
      .set('Authorization', bearer.ownerb!)
      .expect(200);
    expect(done.body).to.deep.include({ status: 'done', counts: { leadOutbox: 1, leadEvents: 1, leads: 1 } });
  });

  async function dump(): Promise<Map<string, Record<string, unknown>[]>> {
    const result = new Map<string, Record<string, unknown>[]>();
    const names = new Set([...HUB_COLLECTIONS, ...hub.composition.indexes.map((entry) => entry.collection)]);
    for (const name of [...names].filter((n) => n.startsWith('hub_') || n === 'organizations')) {
      result.set(name, await mongo.db.collection(name).find({}).toArray());
    }
    return result;
  }
});
