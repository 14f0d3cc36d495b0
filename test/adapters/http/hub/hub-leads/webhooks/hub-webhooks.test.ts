import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Db } from 'mongodb';
import request from 'supertest';
import type { MongoConnection } from '../../../../../../src/adapters/mongo/shared/mongo-connection';
import { connectTestDatabase } from '../../../../../support/mongo';
import { hubHarness, type HubHarness } from '../../../../../support/hub';
import { FakeCrmServer } from '../../../../../support/crm-graphql-server';
import {
  addTemplate,
  createOrgWithSecret,
  setCrmCredentials,
  setSettings,
  signBody,
} from '../../../../../support/hub-webhooks';

const SECRET = 'org-webhook-secret-0123456789';
const CRM_TOKEN = 'crm-token-abc';

describe('hub inbound webhooks HTTP', () => {
  let mongo: MongoConnection;
  let hub: HubHarness;
  let crm: FakeCrmServer;
  let crmUrl: string;
  let db: Db;
  before(async () => {
    mongo = await connectTestDatabase();
    hub = await hubHarness(mongo, {
      overrides: { hubWebhookRateLimit: { limit: 10_000, windowMs: 60_000 }, crmTimeoutMs: 300 },
    });
    db = hub.composition.platform.db;
    crm = new FakeCrmServer(CRM_TOKEN);
    crmUrl = await crm.start();
  });
  after(async () => {
    await crm.stop();
    await mongo.close();
  });
  const api = () => request(hub.app.callback());
  const leadUrl = (orgId: string) => `/api/v1/webhooks/${orgId}/leadprovider`;
  const crmPath = (orgId: string) => `/api/v1/webhooks/${orgId}/crm/crmprovider`;
  const counts = async () => ({
    leads: await db.collection('hub_leads').countDocuments(),
    events: await db.collection('hub_lead_events').countDocuments(),
    outbox: await db.collection('hub_outbox').countDocuments(),
    pipelines: await db.collection('hub_pipelines').countDocuments(),
  });
  const post = (path: string, body: string, headers: Record<string, string> = {}) => {
    const req = api().post(path).set('Content-Type', 'application/json');
    for (const [name, value] of Object.entries(headers)) req.set(name, value);
    return req.send(body);
  };
  const form = (extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      contact: { name: 'Ana', phone: '(11) 98765-4321', email: 'ana@example.com' },
      interests: { brand: 'Fiat', product: 'Argo' },
      ...extra,
    });

  async function leadOrg(options: { secret?: string; template?: boolean } = {}): Promise<string> {
    const orgId = await createOrgWithSecret(hub, `Lead Org ${randomUUID()}`, options.secret);
    if (options.template !== false) {
      await addTemplate(hub, {
        orgId,
        name: 'Fiat',
        active: true,
        pipelineExternalId: 'forms',
        conditions: [{ path: 'interests.brand', value: 'Fiat' }],
        message: 'Olá {{contact.name}}, sobre o {{interests.product}}',
      });
    }
    return orgId;
  }

  describe('response table of spec part 4', () => {
    it('unknown orgId: 404 {error: "Not found"} on both providers', async () => {
      await post(leadUrl(randomUUID()), form()).expect(404, { error: 'Not found' });
      await post(crmPath(randomUUID()), JSON.stringify({ data: { action: 'card.move' } })).expect(404, {
        error: 'Not found',
      });
    });

    it(
      'processes a lead form: 200 {ok, leadId, created}, the lead by normalized phone, the rendered first message ' +
        'in the outbox',
      async () => {
        const orgId = await leadOrg();
        const res = await post(leadUrl(orgId), form()).expect(200);
        expect(res.body).to.deep.equal({ ok: true, leadId: res.body.leadId, created: true });
        const lead = await db.collection('hub_leads').findOne({ _id: res.body.leadId });
        expect(lead).to.include({
          orgId,
          externalId: '5511987654321',
          phone: '5511987654321',
          name: 'Ana',
          email: 'ana@example.com',
          stage: 'new',
          provider: 'leadprovider',
        });
        const outbox = await db.collection('hub_outbox').find({ orgId }).toArray();
        expect(outbox.map((m) => [m.to, m.text])).to.deep.equal([['5511987654321', 'Olá Ana, sobre o Argo']]);
        const events = await db.collection('hub_lead_events').find({ leadId: res.body.leadId }).toArray();
        expect(events.map((e) => e.rawBody)).to.deep.equal([form()]);
      },
    );

    it('uses the payload id as externalId when present; phone in contact.cellphone or root phone', async () => {
      const orgId = await leadOrg();
      const byId = await post(
        leadUrl(orgId),
        JSON.stringify({ id: 987, phone: '11 3456-7890', interests: { brand: 'Fiat' } }),
      ).expect(200);
      expect(await db.collection('hub_leads').findOne({ _id: byId.body.leadId })).to.include({
        externalId: '987',
        phone: '551134567890',
      });
      const cell = await post(
        leadUrl(orgId),
        JSON.stringify({ contact: { cellphone: '+55 21 99876-5432' }, interests: { brand: 'Fiat' } }),
      ).expect(200);
      expect(await db.collection('hub_leads').findOne({ _id: cell.body.leadId })).to.include({
        externalId: '5521998765432',
      });
    });

    it('no active or matching template: 200 {message: "No active template"}, nothing stored', async () => {
      const orgId = await leadOrg({ template: false });
      await addTemplate(hub, {
        orgId,
        name: 'off',
        active: false,
        pipelineExternalId: 'p',
        conditions: [],
        message: 'x',
      });
      const before = await counts();
      await post(leadUrl(orgId), form()).expect(200, { message: 'No active template' });
      const other = await leadOrg();
      await post(leadUrl(other), form({ interests: { brand: 'VW' } })).expect(200, { message: 'No active template' });
      expect(await counts()).to.deep.equal(before);
    });

    it(
      'business hours of an organization with a human team: 200 {skipped: "business_hours"}, no side effect; ' +
        'outside hours or without a team it processes',
      async () => {
        const orgId = await leadOrg();
        await setSettings(hub, orgId, {
          humanTeam: true,
          businessHours: { text: 'mon-sun 00:00-24:00', items: [{ days: [0, 1, 2, 3, 4, 5, 6], from: 0, to: 1440 }] },
          timezone: 'America/Sao_Paulo',
        });
        const before = await counts();
        await post(leadUrl(orgId), form()).expect(200, { skipped: 'business_hours' });
        expect(await counts()).to.deep.equal(before);
        await setSettings(hub, orgId, { humanTeam: false });
        expect((await post(leadUrl(orgId), form()).expect(200)).body.created).to.equal(true);
      },
    );

    it('business hours apply to lead forms only: a CRM card event on duty is processed (CONTRACT 7)', async () => {
      const orgId = await leadOrg();
      await setCrmCredentials(hub, orgId, crmUrl, CRM_TOKEN);
      await setSettings(hub, orgId, {
        humanTeam: true,
        businessHours: { text: 'mon-sun 00:00-24:00', items: [{ days: [0, 1, 2, 3, 4, 5, 6], from: 0, to: 1440 }] },
        timezone: 'America/Sao_Paulo',
      });
      await post(leadUrl(orgId), form()).expect(200, { skipped: 'business_hours' });
      crm.cards.set('c-hours', { id: 'c-hours', title: 'On duty', phase: 'Inbox', pipeId: '77', fields: [] });
      const created = await post(
        crmPath(orgId),
        JSON.stringify({ data: { action: 'card.create', card: { id: 'c-hours', pipe: { id: 77 } } } }),
      ).expect(200);
      expect(created.body).to.include({ ok: true, created: true });
      const moved = await post(
        crmPath(orgId),
        JSON.stringify({
          data: {
            action: 'card.move',
            card: { id: 'c-hours', pipe: { id: 77 } },
            from: { id: 1, name: 'Inbox' },
            to: { id: 2, name: 'Won' },
          },
        }),
      ).expect(200);
      expect(moved.body).to.include({ ok: true, leadId: created.body.leadId, created: false });
      expect(await db.collection('hub_leads').findOne({ _id: created.body.leadId })).to.include({
        stage: 'Won',
        title: 'On duty',
      });
    });

    it('lead form without phone (absent, null or blank): 400 with details, nothing stored', async () => {
      const orgId = await leadOrg();
      const before = await counts();
      const res = await post(
        leadUrl(orgId),
        JSON.stringify({ contact: { name: 'Ana' }, interests: { brand: 'Fiat' } }),
      ).expect(400);
      expect(res.body.error).to.equal('Validation error');
      expect(res.body.details).to.have.property('contact.phone');
      await post(
        leadUrl(orgId),
        JSON.stringify({ contact: { phone: null, cellphone: '  ' }, interests: { brand: 'Fiat' } }),
      ).expect(400);
      expect(await counts()).to.deep.equal(before);
    });

    it(
      'lead form with an unusable phone (present, not Brazilian): stored with the phone as sent, never merged by ' +
        'phone, the processed answer (CONTRACT 7)',
      async () => {
        const orgId = await leadOrg();
        const unusable = (name: string, phone: string) =>
          JSON.stringify({ contact: { name, phone }, interests: { brand: 'Fiat', product: 'Argo' } });
        const first = await post(leadUrl(orgId), unusable('Ana', '123')).expect(200);
        expect(first.body).to.deep.equal({ ok: true, leadId: first.body.leadId, created: true });
        expect(await db.collection('hub_leads').findOne({ _id: first.body.leadId })).to.include({
          orgId,
          phone: '123',
          name: 'Ana',
          stage: 'new',
        });
        // Another form with the same unusable phone is another lead: an unusable phone identifies nobody.
        const second = await post(leadUrl(orgId), unusable('Bia', '123')).expect(200);
        expect(second.body).to.include({ ok: true, created: true });
        expect(second.body.leadId).to.not.equal(first.body.leadId);
        const foreign = await post(leadUrl(orgId), unusable('Caio', '+1 (415) 555-0100')).expect(200);
        expect(await db.collection('hub_leads').findOne({ _id: foreign.body.leadId })).to.include({
          phone: '+1 (415) 555-0100',
          name: 'Caio',
        });
        // A usable phone is still the key, and an unusable lead never joins it.
        const usable = await post(leadUrl(orgId), form()).expect(200);
        expect([first.body.leadId, second.body.leadId, foreign.body.leadId]).to.not.include(usable.body.leadId);
        expect(await db.collection('hub_leads').countDocuments({ orgId })).to.equal(4);
        // A redelivery of the same body converges to its lead.
        expect((await post(leadUrl(orgId), unusable('Ana', '123')).expect(200)).body).to.include({
          leadId: first.body.leadId,
          created: false,
        });
      },
    );

    it('CRM action not recognized: 200 with skipped: "unrecognized event", nothing stored', async () => {
      const orgId = await leadOrg({ template: false });
      const before = await counts();
      const res = await post(crmPath(orgId), JSON.stringify({ data: { action: 'card.done', card: { id: 1 } } })).expect(
        200,
      );
      expect(res.body).to.include({ skipped: 'unrecognized event' });
      expect(await counts()).to.deep.equal(before);
    });

    it(
      'bad input: malformed JSON, no data.action, card without id, wrong types: 400 {error, details?}, nothing ' +
        'stored; over 1 MiB: 413',
      async () => {
        const orgId = await leadOrg();
        const before = await counts();
        await post(crmPath(orgId), '{"data": ').expect(400, { error: 'Invalid JSON body' });
        expect(
          (await post(crmPath(orgId), JSON.stringify({ data: { card: { id: 1 } } })).expect(400)).body.details,
        ).to.have.property('data.action');
        expect(
          (
            await post(
              crmPath(orgId),
              JSON.stringify({ data: { action: 'card.move', card: { title: 'x' }, to: { name: 'A' } } }),
            ).expect(400)
          ).body.details,
        ).to.have.property('data.card.id');
        expect(
          (
            await post(
              crmPath(orgId),
              JSON.stringify({ data: { action: 'card.move', card: { id: { $ne: null } } } }),
            ).expect(400)
          ).body.error,
        ).to.equal('Validation error');
        expect(
          (await post(leadUrl(orgId), JSON.stringify({ contact: { phone: { $ne: null } } })).expect(400)).body.details,
        ).to.have.property('contact.phone');
        expect(
          (await post(leadUrl(orgId), JSON.stringify({ contact: 'Ana', phone: '11987654321' })).expect(400)).body
            .details,
        ).to.have.property('contact');
        expect((await post(leadUrl(orgId), JSON.stringify([1, 2])).expect(400)).body.error).to.equal(
          'Validation error',
        );
        await post(leadUrl(orgId), JSON.stringify({ pad: 'x'.repeat(1024 * 1024), phone: '11987654321' })).expect(413);
        expect(await counts()).to.deep.equal(before);
      },
    );
  });

  describe('signatures (spec part 5.7)', () => {
    it(
      'lead form: X-Webhook-Signature and X-Hub-Signature-256, as sha256=<hex> and <hex>, signed by ' +
        '@octokit/webhooks-methods, verify',
      async () => {
        const orgId = await leadOrg({ secret: SECRET });
        const bodies = [form({ id: 'a' }), form({ id: 'b' }), form({ id: 'c' }), form({ id: 'd' })];
        const sigs = await Promise.all(bodies.map((b) => signBody(SECRET, b)));
        await post(leadUrl(orgId), bodies[0]!, { 'X-Webhook-Signature': sigs[0]! }).expect(200);
        await post(leadUrl(orgId), bodies[1]!, { 'X-Webhook-Signature': sigs[1]!.slice('sha256='.length) }).expect(200);
        await post(leadUrl(orgId), bodies[2]!, { 'X-Hub-Signature-256': sigs[2]! }).expect(200);
        await post(leadUrl(orgId), bodies[3]!, {
          'X-Hub-Signature-256': sigs[3]!.slice('sha256='.length).toUpperCase(),
        }).expect(200);
      },
    );

    it('checks the body exactly as sent: the same JSON re-serialized does not verify', async () => {
      const orgId = await leadOrg({ secret: SECRET });
      const spaced = '{ "contact": { "phone": "11987654321", "name": "Zé Ação" }, "interests": { "brand": "Fiat" } }';
      await post(leadUrl(orgId), spaced, { 'X-Webhook-Signature': await signBody(SECRET, spaced) }).expect(200);
      const compact = JSON.stringify(JSON.parse(spaced));
      await post(leadUrl(orgId), spaced, { 'X-Webhook-Signature': await signBody(SECRET, compact) }).expect(401, {
        error: 'Invalid webhook signature',
      });
    });

    it(
      'lead form: missing 401 "Missing webhook signature", wrong or other-length 401 "Invalid webhook signature", ' +
        'nothing stored',
      async () => {
        const orgId = await leadOrg({ secret: SECRET });
        const before = await counts();
        await post(leadUrl(orgId), form()).expect(401, { error: 'Missing webhook signature' });
        await post(leadUrl(orgId), form(), { 'X-Webhook-Signature': await signBody('other-secret', form()) }).expect(
          401,
          { error: 'Invalid webhook signature' },
        );
        await post(leadUrl(orgId), form(), { 'X-Hub-Signature-256': 'sha256=abcd' }).expect(401, {
          error: 'Invalid webhook signature',
        });
        await post(leadUrl(orgId), form(), { 'X-Hub-Signature-256': 'not hex at all' }).expect(401, {
          error: 'Invalid webhook signature',
        });
        expect(await counts()).to.deep.equal(before);
      },
    );

    it('CRM: X-Crm-Signature in both forms verifies; missing or invalid is 401 "Invalid signature"', async () => {
      const orgId = await leadOrg({ secret: SECRET, template: false });
      const body = JSON.stringify({ data: { action: 'card.unknown_thing' } });
      const sig = await signBody(SECRET, body);
      await post(crmPath(orgId), body, { 'X-Crm-Signature': sig }).expect(200);
      await post(crmPath(orgId), body, { 'X-Crm-Signature': sig.slice('sha256='.length) }).expect(200);
      await post(crmPath(orgId), body).expect(401, { error: 'Invalid signature' });
      await post(crmPath(orgId), body, { 'X-Crm-Signature': await signBody('nope', body) }).expect(401, {
        error: 'Invalid signature',
      });
    });

    it('no secret configured: accepted without a check (even with a bogus header)', async () => {
      const orgId = await leadOrg();
      await post(leadUrl(orgId), form({ id: 'nosig' }), { 'X-Webhook-Signature': 'garbage' }).expect(200);
    });
  });

  describe('CRM card events (CONTRACT 6.1)', () => {
    const cardBody = (action: string, cardId: string, extra: Record<string, unknown> = {}) =>
      JSON.stringify({ data: { action, card: { id: cardId, title: 'Card title', pipe: { id: 77 } }, ...extra } });

    it(
      'card.create fetches the card over GraphQL with the bearer token and stores title, phase and fields; ' +
        'pipeline found or created by pipe id',
      async () => {
        const orgId = await leadOrg({ template: false });
        await setCrmCredentials(hub, orgId, crmUrl, CRM_TOKEN);
        crm.cards.set('c-1', {
          id: 'c-1',
          title: 'Fetched title',
          phase: 'Inbox',
          pipeId: '77',
          fields: [{ name: 'Telefone', value: '11987654321' }],
        });
        const res = await post(crmPath(orgId), cardBody('card.create', 'c-1')).expect(200);
        expect(res.body).to.deep.equal({ ok: true, leadId: res.body.leadId, created: true });
        const last = crm.requests.at(-1)!;
        expect(last.authorization).to.equal(`Bearer ${CRM_TOKEN}`);
        expect(last.query).to.match(/card\(id: \$id\)/);
        expect(last.variables).to.deep.equal({ id: 'c-1' });
        const lead = await db.collection('hub_leads').findOne({ _id: res.body.leadId });
        expect(lead).to.deep.include({
          title: 'Fetched title',
          stage: 'Inbox',
          externalId: 'c-1',
          pipelineExternalId: '77',
          fields: [{ name: 'Telefone', value: '11987654321' }],
        });
        expect(
          await db.collection('hub_pipelines').findOne({ orgId, provider: 'crmprovider', externalId: '77' }),
        ).to.not.equal(null);
      },
    );

    it(
      'card.move sets the stage, card.delete marks it deleted, and the provider shape card.pipe_id is ' + 'accepted',
      async () => {
        const orgId = await leadOrg({ template: false });
        const move = JSON.stringify({
          data: {
            action: 'card.move',
            card: { id: 'c-2', pipe_id: '77' },
            from: { id: 1, name: 'Inbox' },
            to: { id: 2, name: 'Qualified' },
          },
        });
        const moved = await post(crmPath(orgId), move).expect(200);
        expect(await db.collection('hub_leads').findOne({ _id: moved.body.leadId })).to.include({
          stage: 'Qualified',
          deleted: false,
        });
        // Without a pipe, a card already seen is found by its id.
        const del = await post(
          crmPath(orgId),
          JSON.stringify({ data: { action: 'card.delete', card: { id: 'c-2' } } }),
        ).expect(200);
        expect(del.body).to.include({ leadId: moved.body.leadId, created: false });
        expect(await db.collection('hub_leads').findOne({ _id: moved.body.leadId })).to.include({
          stage: 'Qualified',
          deleted: true,
        });
        // A never-seen card without a pipe cannot be keyed.
        await post(
          crmPath(orgId),
          JSON.stringify({ data: { action: 'card.delete', card: { id: 'c-unknown' } } }),
        ).expect(400);
      },
    );

    it('card.field_update refreshes the fields from the provider', async () => {
      const orgId = await leadOrg({ template: false });
      await setCrmCredentials(hub, orgId, crmUrl, CRM_TOKEN);
      crm.cards.set('c-3', {
        id: 'c-3',
        title: 'T',
        phase: 'Inbox',
        pipeId: '77',
        fields: [{ name: 'Carro', value: 'Argo' }],
      });
      const created = await post(crmPath(orgId), cardBody('card.create', 'c-3')).expect(200);
      crm.cards.set('c-3', {
        id: 'c-3',
        title: 'T',
        phase: 'Inbox',
        pipeId: '77',
        fields: [{ name: 'Carro', value: 'Pulse' }],
      });
      await post(crmPath(orgId), cardBody('card.field_update', 'c-3')).expect(200);
      expect((await db.collection('hub_leads').findOne({ _id: created.body.leadId }))?.fields).to.deep.equal([
        { name: 'Carro', value: 'Pulse' },
      ]);
    });

    it(
      '502 "No credential set found for provider" without credentials; 502 "Provider fetch failed" when the ' +
        'provider fails, is slow or errs; nothing written',
      async () => {
        const orgId = await leadOrg({ template: false });
        const before = await counts();
        await post(crmPath(orgId), cardBody('card.create', 'c-4')).expect(502, {
          error: 'No credential set found for provider',
        });
        await setCrmCredentials(hub, orgId, crmUrl, CRM_TOKEN);
        crm.cards.set('c-4', { id: 'c-4', title: 'T', phase: 'Inbox', pipeId: '77', fields: [] });
        for (const mode of ['error-500', 'hang', 'graphql-error'] as const) {
          crm.mode = mode;
          await post(crmPath(orgId), cardBody('card.create', 'c-4')).expect(502, { error: 'Provider fetch failed' });
        }
        await setCrmCredentials(hub, orgId, crmUrl, 'wrong-token');
        crm.mode = 'ok';
        await post(crmPath(orgId), cardBody('card.create', 'c-4')).expect(502, { error: 'Provider fetch failed' });
        expect(await counts()).to.deep.equal(before);
        // The provider's resend converges once it answers again.
        await setCrmCredentials(hub, orgId, crmUrl, CRM_TOKEN);
        expect((await post(crmPath(orgId), cardBody('card.create', 'c-4')).expect(200)).body.created).to.equal(true);
      },
    );
  });
});
