import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import * as E from 'fp-ts/Either';
import type { UpsertLeadFromWebhookInput } from '../../../src/application/hub-leads/upsert-lead-from-webhook';
import type { LeadForm } from '../../../src/domain/hub-leads/lead-form';
import { DEFAULT_WEBHOOK_SETTINGS } from '../../../src/domain/hub-leads/webhook-settings';
import { normalizePhone } from '../../../src/domain/shared/phone';
import { ProcessDied } from '../../support/fakes/write-faults';
import { HUB_LEADS_T0, hubLeadsWorld, type HubLeadsWorld } from '../../support/hub-leads-world';

describe('UpsertLeadFromWebhook', () => {
  let world: HubLeadsWorld;
  let orgId: string;
  beforeEach(() => {
    world = hubLeadsWorld();
    orgId = randomUUID();
  });

  let deliveries = 0;
  const input = (overrides: Partial<UpsertLeadFromWebhookInput> = {}): UpsertLeadFromWebhookInput => {
    deliveries += 1;
    const rawBody = `{"delivery":${deliveries}}`;
    return {
      orgId,
      provider: 'crmprovider',
      pipelineExternalId: '9',
      externalId: 'card-1',
      changes: { title: 'Card', stage: 'Inbox' },
      action: 'card.create',
      rawBody,
      bodyHash: world.hasher.hash(rawBody),
      ...overrides,
    };
  };

  it(
    'creates the pipeline and the lead of a new key (the initial values under the changes) and logs the event ' +
      'with its raw body',
    async () => {
      const delivery = input({
        changes: { title: 'Card', fields: { Carro: 'Argo' } },
        initial: { stage: 'new', title: 'initial title' },
      });
      const result = await world.upsert.execute(delivery);
      expect(result.created).to.equal(true);
      const [pipeline] = await world.pipelines.listOf(orgId);
      expect(pipeline).to.deep.include({ orgId, provider: 'crmprovider', externalId: '9', name: 'crmprovider 9' });
      const lead = await world.leads.findById(orgId, result.leadId);
      expect(lead).to.deep.include({
        pipelineId: pipeline?.id,
        pipelineExternalId: '9',
        externalId: 'card-1',
        provider: 'crmprovider',
        title: 'Card',
        stage: 'new',
        fields: { Carro: 'Argo' },
        deleted: false,
      });
      expect(lead).to.deep.include({ createdAt: HUB_LEADS_T0, updatedAt: HUB_LEADS_T0 });
      const events = await world.events.listOf(result.leadId);
      expect(events.map((e) => [e.orgId, e.provider, e.action, e.rawBody, e.bodyHash, e.receivedAt])).to.deep.equal([
        [orgId, 'crmprovider', 'card.create', delivery.rawBody, delivery.bodyHash, HUB_LEADS_T0],
      ]);
    },
  );

  it(
    'applies the changes to the lead of a known key: not created, the same lead, initial values not applied ' +
      'again, members the event does not carry kept',
    async () => {
      const first = await world.upsert.execute(
        input({ changes: { title: 'Card', fields: { Carro: 'Argo' } }, initial: { stage: 'new' } }),
      );
      world.clock.advance(60_000);
      const second = await world.upsert.execute(
        input({ changes: { stage: 'Proposal' }, initial: { stage: 'new', title: 'other' }, action: 'card.move' }),
      );
      expect(second).to.deep.equal({ leadId: first.leadId, created: false });
      const lead = await world.leads.findById(orgId, first.leadId);
      expect(lead).to.deep.include({
        title: 'Card',
        stage: 'Proposal',
        fields: { Carro: 'Argo' },
        createdAt: HUB_LEADS_T0,
        updatedAt: world.clock.now(),
      });
      expect((await world.events.listOf(first.leadId)).map((e) => e.action)).to.deep.equal([
        'card.create',
        'card.move',
      ]);
      expect(await world.pipelines.listOf(orgId)).to.have.length(1);
    },
  );

  it(
    'keys the pipeline by (organization, provider, pipe id): the same external id under another pipe or provider ' +
      'is another lead',
    async () => {
      const a = await world.upsert.execute(input());
      const b = await world.upsert.execute(input({ pipelineExternalId: '10' }));
      const c = await world.upsert.execute(input({ provider: 'leadprovider' }));
      expect([a.created, b.created, c.created]).to.deep.equal([true, true, true]);
      expect(new Set([a.leadId, b.leadId, c.leadId]).size).to.equal(3);
      expect((await world.pipelines.listOf(orgId)).map((p) => `${p.provider}/${p.externalId}`).sort()).to.deep.equal([
        'crmprovider/10',
        'crmprovider/9',
        'leadprovider/9',
      ]);
    },
  );

  it(
    'runs the side effects after the upsert and before the record; when they fail nothing is recorded, and the ' +
      'resend runs them and converges',
    async () => {
      const delivery = input();
      let calls = 0;
      const failing = async (leadId: string) => {
        calls += 1;
        expect(await world.leads.findById(orgId, leadId)).to.not.equal(undefined);
        if (calls === 1) throw new Error('outbox unavailable');
      };
      let thrown: unknown;
      try {
        await world.upsert.execute({ ...delivery, beforeRecord: failing });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).to.be.instanceOf(Error);
      const [lead] = await world.leadsOf(orgId);
      expect(await world.events.listOf(lead!.id)).to.deep.equal([]);
      expect(
        await world.events.recentDelivery(orgId, 'crmprovider', delivery.bodyHash, world.clock.now(), world.windowMs),
      ).to.equal(undefined);

      const resend = await world.upsert.execute({ ...delivery, beforeRecord: failing });
      expect(resend).to.deep.equal({ leadId: lead!.id, created: false });
      expect(calls).to.equal(2);
      expect(await world.events.listOf(lead!.id)).to.have.length(1);
    },
  );

  it(
    'concurrent deliveries for one key converge: one pipeline, one lead, exactly one created, each distinct ' +
      'delivery logged',
    async () => {
      const results = await Promise.all(Array.from({ length: 6 }, () => world.upsert.execute(input())));
      expect(results.filter((r) => r.created)).to.have.length(1);
      expect(new Set(results.map((r) => r.leadId)).size).to.equal(1);
      expect(await world.pipelines.listOf(orgId)).to.have.length(1);
      expect(await world.events.listOf(results[0]!.leadId)).to.have.length(6);
    },
  );

  it('twins of one body racing past the redelivery check are logged once', async () => {
    const delivery = input();
    const results = await Promise.all([
      world.upsert.execute(delivery),
      world.upsert.execute(delivery),
      world.upsert.execute(delivery),
    ]);
    expect(new Set(results.map((r) => r.leadId)).size).to.equal(1);
    expect(await world.events.listOf(results[0].leadId)).to.have.length(1);
  });

  /**
   * CONTRACT 10.2, docs/decisions.md "Hub inbound webhooks": the process killed before each write of a delivery, then
   * the
   * provider's resend of the same body (what it does for a delivery that got no 2xx): one lead, one
   * raw event for the delivery, with its raw body; the next resend is a redelivery that writes nothing.
   */
  describe('a delivery killed before any of its writes, then resent', () => {
    interface Scenario {
      readonly name: string;
      /** The writes of the delivery, in order (the fakes' names). */
      readonly writes: readonly string[];
      /** What the organization holds before the delivery (written before the faults are armed). */
      readonly before: (w: HubLeadsWorld, orgId: string) => Promise<void>;
      /** The delivery; the same raw body every time it is called. */
      readonly deliver: (w: HubLeadsWorld, orgId: string) => Promise<string>;
      readonly rawBody: string;
      /** Events of this body the organization held before the delivery. */
      readonly eventsBefore: number;
    }

    const mobile = normalizePhone('(11) 98765-4321');
    if (mobile === undefined) throw new Error('not a phone');
    const form: LeadForm = {
      phone: { usable: true, value: mobile },
      name: 'Ana',
      email: 'ana@example.com',
      fields: { 'interests.brand': 'Fiat' },
    };
    const formBody = JSON.stringify({ ...form, nonce: 'form-1' });
    const moveBody = JSON.stringify({
      data: { action: 'card.move', card: { id: 'c-1', pipe_id: '77' }, to: { name: 'Proposal' } },
    });
    const processed = async (result: Promise<E.Either<unknown, { leadId: string }>>): Promise<string> => {
      const outcome = await result;
      if (E.isLeft(outcome)) throw new Error(`not processed: ${JSON.stringify(outcome.left)}`);
      return outcome.right.leadId;
    };
    const receiveForm = async (w: HubLeadsWorld, orgId: string): Promise<string> => {
      const outcome = await w.receiveLeadForm.execute({
        orgId,
        settings: DEFAULT_WEBHOOK_SETTINGS,
        form,
        rawBody: formBody,
      });
      if (outcome.kind !== 'processed') throw new Error(`not processed: ${outcome.kind}`);
      return outcome.leadId;
    };
    const receiveMove = (w: HubLeadsWorld, orgId: string): Promise<string> =>
      processed(
        w.receiveCrmEvent.execute({
          orgId,
          event: { action: 'card.move', cardId: 'c-1', pipeId: '77', to: { name: 'Proposal' } },
          rawBody: moveBody,
        }),
      );

    const scenarios: readonly Scenario[] = [
      {
        name: 'a lead form for a new lead (pipeline, lead, first message, receipt, event)',
        writes: [
          'hub_pipelines.insert',
          'hub_leads.insert',
          'hub_outbox.insert',
          'hub_webhook_receipts.insert',
          'hub_lead_events.insert',
        ],
        before: async (w, orgId) => {
          await w.templates.create({
            id: 'tpl-1',
            orgId,
            name: 'Fiat',
            active: true,
            pipelineExternalId: 'forms',
            conditions: [{ path: 'interests.brand', value: 'Fiat' }],
            message: 'Olá',
            createdAt: w.clock.now(),
          });
        },
        deliver: receiveForm,
        rawBody: formBody,
        eventsBefore: 0,
      },
      {
        name: 'a CRM move of a known card (lead update, receipt, event)',
        writes: ['hub_leads.update', 'hub_webhook_receipts.insert', 'hub_lead_events.insert'],
        before: async (w, orgId) => {
          await processed(
            w.receiveCrmEvent.execute({
              orgId,
              event: { action: 'card.move', cardId: 'c-1', pipeId: '77', to: { name: 'Inbox' } },
              rawBody: '{"first":true}',
            }),
          );
        },
        deliver: receiveMove,
        rawBody: moveBody,
        eventsBefore: 0,
      },
      {
        name: 'the same body again after the redelivery window (lead update, receipt taken over, event)',
        writes: ['hub_leads.update', 'hub_webhook_receipts.update', 'hub_lead_events.insert'],
        before: async (w, orgId) => {
          await receiveMove(w, orgId);
          w.clock.advance(w.windowMs + 1000);
        },
        deliver: receiveMove,
        rawBody: moveBody,
        eventsBefore: 1,
      },
    ];

    const eventsOfBody = async (w: HubLeadsWorld, orgId: string, rawBody: string) => {
      const leads = await w.leadsOf(orgId);
      const events = (await Promise.all(leads.map((lead) => w.events.listOf(lead.id)))).flat();
      return events.filter((e) => e.rawBody === rawBody);
    };

    for (const scenario of scenarios) {
      describe(scenario.name, () => {
        it('makes exactly these writes when nothing fails', async () => {
          const w = hubLeadsWorld();
          const orgId = randomUUID();
          await scenario.before(w, orgId);
          w.faults.revive();
          await scenario.deliver(w, orgId);
          expect(w.faults.writes).to.deep.equal(scenario.writes);
        });

        for (const [index, write] of scenario.writes.entries()) {
          it(
            `killed before write ${index + 1} (${write}): the resend stores exactly one raw event for the ` +
              'delivery, and the next one is a redelivery',
            async () => {
              const w = hubLeadsWorld();
              const orgId = randomUUID();
              await scenario.before(w, orgId);
              w.faults.dieAt(index + 1);
              const died = await scenario.deliver(w, orgId).catch((error: unknown) => error);
              expect(died).to.be.instanceOf(ProcessDied);
              expect(w.faults.writes).to.deep.equal(scenario.writes.slice(0, index));
              w.faults.revive();

              w.clock.advance(5_000);
              const leadId = await scenario.deliver(w, orgId);
              const leads = await w.leadsOf(orgId);
              expect(leads.map((l) => l.id)).to.deep.equal([leadId]);
              const events = await eventsOfBody(w, orgId, scenario.rawBody);
              expect(events, 'one raw event per delivery').to.have.length(scenario.eventsBefore + 1);
              expect(events.every((e) => e.leadId === leadId && e.rawBody === scenario.rawBody)).to.equal(true);
              if (scenario.writes.includes('hub_outbox.insert')) expect(await w.outbox.listOf(orgId)).to.have.length(1);

              w.clock.advance(5_000);
              w.faults.revive();
              expect(await scenario.deliver(w, orgId)).to.equal(leadId);
              expect(w.faults.writes, 'a redelivery writes nothing').to.deep.equal([]);
              expect(await eventsOfBody(w, orgId, scenario.rawBody)).to.have.length(scenario.eventsBefore + 1);
            },
          );
        }
      });
    }
  });
});
