import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Outbox, OutboxMessage } from '../../../src/application/hub-leads/ports';
import { ReceiveLeadForm } from '../../../src/application/hub-leads/receive-lead-form';
import type { FormPhone, LeadForm } from '../../../src/domain/hub-leads/lead-form';
import type { LeadTemplate } from '../../../src/domain/hub-leads/lead-template';
import { DEFAULT_WEBHOOK_SETTINGS, type WebhookSettings } from '../../../src/domain/hub-leads/webhook-settings';
import { normalizePhone } from '../../../src/domain/shared/phone';
import { businessHours, hubLeadsWorld, type HubLeadsWorld } from '../../support/hub-leads-world';

const phone = (raw: string): FormPhone => {
  const normalized = normalizePhone(raw);
  if (normalized === undefined) throw new Error(`${raw} is not a phone`);
  return { usable: true, value: normalized };
};

/** A form as the route codec hands it over; the raw body is what the provider sent. */
function delivery(form: Partial<LeadForm> = {}): { form: LeadForm; rawBody: string } {
  const full: LeadForm = {
    phone: phone('(11) 98765-4321'),
    name: 'Ana',
    email: 'ana@example.com',
    fields: { 'contact.name': 'Ana', 'interests.brand': 'Fiat', 'interests.product': 'Argo' },
    ...form,
  };
  return { form: full, rawBody: JSON.stringify({ ...full, nonce: randomUUID() }) };
}

describe('ReceiveLeadForm', () => {
  let world: HubLeadsWorld;
  let orgId: string;
  let fiat: LeadTemplate;
  const settings: WebhookSettings = DEFAULT_WEBHOOK_SETTINGS;

  const template = async (overrides: Partial<LeadTemplate> = {}): Promise<LeadTemplate> => {
    const t: LeadTemplate = {
      id: randomUUID(),
      orgId,
      name: 'Fiat',
      active: true,
      pipelineExternalId: 'forms',
      conditions: [{ path: 'interests.brand', value: 'Fiat' }],
      message: 'Olá {{contact.name}}, sobre o {{interests.product}}',
      createdAt: world.clock.now(),
      ...overrides,
    };
    await world.templates.create(t);
    world.clock.advance(1);
    return t;
  };
  const receive = (d: { form: LeadForm; rawBody: string }, s: WebhookSettings = settings) =>
    world.receiveLeadForm.execute({ orgId, settings: s, ...d });
  const nothingStored = async () => {
    expect(await world.leadsOf(orgId)).to.deep.equal([]);
    expect(await world.pipelines.listOf(orgId)).to.deep.equal([]);
    expect(await world.outbox.listOf(orgId)).to.deep.equal([]);
  };

  beforeEach(async () => {
    world = hubLeadsWorld();
    orgId = randomUUID();
    fiat = await template();
  });

  it(
    'upserts the lead of the first matching template: created, stage new, the form on the lead, the rendered ' +
      'first message queued, the delivery logged',
    async () => {
      const d = delivery();
      const outcome = await receive(d);
      if (outcome.kind !== 'processed') throw new Error(`expected processed, got ${outcome.kind}`);
      expect(outcome.created).to.equal(true);
      const lead = await world.leads.findById(orgId, outcome.leadId);
      expect(lead).to.deep.include({
        provider: 'leadprovider',
        pipelineExternalId: 'forms',
        externalId: '5511987654321',
        phone: '5511987654321',
        name: 'Ana',
        email: 'ana@example.com',
        stage: 'new',
      });
      expect(lead?.fields).to.deep.equal(d.form.fields);
      expect(await world.outbox.listOf(orgId)).to.deep.equal([
        {
          id: `first-message:${outcome.leadId}:${fiat.id}`,
          orgId,
          leadId: outcome.leadId,
          templateId: fiat.id,
          to: '5511987654321',
          text: 'Olá Ana, sobre o Argo',
          createdAt: world.clock.now(),
        },
      ]);
      expect((await world.events.listOf(outcome.leadId)).map((e) => [e.action, e.rawBody])).to.deep.equal([
        ['lead.form', d.rawBody],
      ]);
    },
  );

  it(
    'walks the templates in creation order: an inactive or non-matching one is passed over; its pipeline is found ' +
      'or created by its pipelineExternalId',
    async () => {
      world = hubLeadsWorld();
      await template({ active: false, pipelineExternalId: 'off', conditions: [] });
      await template({ pipelineExternalId: 'vw', conditions: [{ path: 'interests.brand', value: 'VW' }] });
      const chosen = await template({ pipelineExternalId: 'any', conditions: [], message: 'Oi {{contact.name}}' });
      const outcome = await receive(delivery());
      expect(outcome).to.include({ kind: 'processed', created: true });
      expect((await world.pipelines.listOf(orgId)).map((p) => [p.provider, p.externalId])).to.deep.equal([
        ['leadprovider', 'any'],
      ]);
      expect((await world.outbox.listOf(orgId)).map((m) => [m.templateId, m.text])).to.deep.equal([
        [chosen.id, 'Oi Ana'],
      ]);
    },
  );

  it('no active or matching template: no-template, nothing stored', async () => {
    expect(await receive(delivery({ fields: { 'interests.brand': 'VW' } }))).to.deep.equal({ kind: 'no-template' });
    await nothingStored();
    world = hubLeadsWorld();
    await template({ active: false, conditions: [] });
    expect(await receive(delivery())).to.deep.equal({ kind: 'no-template' });
    await nothingStored();
  });

  it(
    'a human team on duty takes the lead (CONTRACT 6.3): business-hours, nothing stored; off duty, without hours ' +
      'or without a team, it is processed',
    async () => {
      const always = businessHours('mon-sun 00:00-24:00');
      expect(await receive(delivery(), { ...settings, humanTeam: true, businessHours: always })).to.deep.equal({
        kind: 'business-hours',
      });
      await nothingStored();
      // Wednesday 07:00 in São Paulo is outside mon-fri 09:00-18:00.
      expect(
        await receive(delivery({ formId: 'a' }), {
          ...settings,
          humanTeam: true,
          businessHours: businessHours('mon-fri 09:00-18:00'),
        }),
      ).to.include({ kind: 'processed' });
      expect(
        await receive(delivery({ formId: 'b' }), { ...settings, humanTeam: false, businessHours: always }),
      ).to.include({ kind: 'processed' });
      expect(await receive(delivery({ formId: 'c' }), { ...settings, humanTeam: true })).to.include({
        kind: 'processed',
      });
    },
  );

  it(
    'an exact redelivery inside the window answers the same lead, not created, and queues and logs nothing ' + 'more',
    async () => {
      const d = delivery();
      const first = await receive(d);
      world.clock.advance(60_000);
      const again = await receive(d);
      expect(again).to.deep.equal({ ...first, created: false });
      if (first.kind !== 'processed') throw new Error('expected processed');
      expect(await world.events.listOf(first.leadId)).to.have.length(1);
      expect(await world.outbox.listOf(orgId)).to.have.length(1);
    },
  );

  it(
    'the same body after the window is a new delivery: logged again, the same lead, the first message still ' +
      'queued once',
    async () => {
      const d = delivery();
      const first = await receive(d);
      world.clock.advance(world.windowMs);
      expect(await receive(d)).to.deep.equal({ ...first, created: false });
      if (first.kind !== 'processed') throw new Error('expected processed');
      expect(await world.events.listOf(first.leadId)).to.have.length(2);
      expect(await world.outbox.listOf(orgId)).to.have.length(1);
    },
  );

  it(
    'forms without an id merge by the normalized phone: every spelling reaches one lead, which takes the latest ' +
      'contact data',
    async () => {
      const spellings = ['(11) 98765-4321', '+55 11 98765-4321', '(11) 8765-4321', '011 98765 4321'];
      const outcomes = [];
      for (const [i, raw] of spellings.entries())
        outcomes.push(await receive(delivery({ phone: phone(raw), name: `Name ${i}` })));
      expect(outcomes.map((o) => (o.kind === 'processed' ? o.created : undefined))).to.deep.equal([
        true,
        false,
        false,
        false,
      ]);
      const leads = await world.leadsOf(orgId);
      expect(leads.map((l) => [l.externalId, l.name])).to.deep.equal([['5511987654321', 'Name 3']]);
      expect(await world.outbox.listOf(orgId)).to.have.length(1);
    },
  );

  it('an unusable phone (CONTRACT 7): processed, stored as sent, never merged by phone, no first message', async () => {
    await template();
    const unusable: FormPhone = { usable: false, value: '123' };
    const a = await receive(delivery({ phone: unusable, name: 'Ana' }));
    const b = await receive(delivery({ phone: unusable, name: 'Bia' }));
    expect([a.kind, b.kind]).to.deep.equal(['processed', 'processed']);
    if (a.kind !== 'processed' || b.kind !== 'processed') throw new Error('expected processed');
    expect(a.leadId).to.not.equal(b.leadId);
    const leads = await world.leadsOf(orgId);
    expect(leads.map((l) => [l.phone, l.name]).sort()).to.deep.equal([
      ['123', 'Ana'],
      ['123', 'Bia'],
    ]);
    expect(await world.outbox.listOf(orgId)).to.deep.equal([]);
  });

  it('forms with an id are keyed by it: two ids with one phone are two leads, never merged by phone', async () => {
    const a = await receive(delivery({ formId: 'form-a' }));
    const b = await receive(delivery({ formId: 'form-b' }));
    expect([a, b].map((o) => (o.kind === 'processed' ? o.created : undefined))).to.deep.equal([true, true]);
    expect((await world.leadsOf(orgId)).map((l) => l.externalId).sort()).to.deep.equal(['form-a', 'form-b']);
  });

  it('a form for a lead that moved on does not put it back to stage new', async () => {
    const first = await receive(delivery({ formId: 'f-1' }));
    if (first.kind !== 'processed') throw new Error('expected processed');
    const lead = await world.leads.findById(orgId, first.leadId);
    await world.leads.upsert(lead!, { stage: 'contacted' }, world.clock.now());
    await receive(delivery({ formId: 'f-1', name: 'Ana Maria' }));
    expect(await world.leads.findById(orgId, first.leadId)).to.deep.include({ stage: 'contacted', name: 'Ana Maria' });
  });

  it('concurrent forms for one phone converge on one lead, exactly one created, one first message', async () => {
    const outcomes = await Promise.all(Array.from({ length: 5 }, (_, i) => receive(delivery({ name: `N${i}` }))));
    expect(outcomes.filter((o) => o.kind === 'processed' && o.created)).to.have.length(1);
    expect(await world.leadsOf(orgId)).to.have.length(1);
    expect(await world.outbox.listOf(orgId)).to.have.length(1);
  });

  it(
    'an outbox fault fails the delivery before it is recorded, so the resend queues the message and ' + 'converges',
    async () => {
      let failures = 1;
      const flaky: Outbox = {
        enqueue: async (message: OutboxMessage) => {
          if (failures-- > 0) throw new Error('outbox unavailable');
          await world.outbox.enqueue(message);
        },
        listOf: (id) => world.outbox.listOf(id),
      };
      const receiver = new ReceiveLeadForm(
        world.upsert,
        world.templates,
        world.events,
        flaky,
        world.hasher,
        world.clock,
        world.windowMs,
      );
      const d = delivery();
      let thrown: unknown;
      try {
        await receiver.execute({ orgId, settings, ...d });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).to.be.instanceOf(Error);
      expect(await world.outbox.listOf(orgId)).to.deep.equal([]);
      const resend = await receiver.execute({ orgId, settings, ...d });
      expect(resend).to.include({ kind: 'processed', created: false });
      expect(await world.outbox.listOf(orgId)).to.have.length(1);
    },
  );
});
