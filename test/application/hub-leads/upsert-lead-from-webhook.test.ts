import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { UpsertLeadFromWebhookInput } from '../../../src/application/hub-leads/upsert-lead-from-webhook';
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

  it('creates the pipeline and the lead of a new key (the initial values under the changes) and logs the event with its raw body', async () => {
    const delivery = input({ changes: { title: 'Card', fields: { Carro: 'Argo' } }, initial: { stage: 'new', title: 'initial title' } });
    const result = await world.upsert.execute(delivery);
    expect(result.created).to.equal(true);
    const [pipeline] = await world.pipelines.listOf(orgId);
    expect(pipeline).to.deep.include({ orgId, provider: 'crmprovider', externalId: '9', name: 'crmprovider 9' });
    const lead = await world.leads.findById(orgId, result.leadId);
    expect(lead).to.deep.include({ pipelineId: pipeline?.id, pipelineExternalId: '9', externalId: 'card-1', provider: 'crmprovider', title: 'Card', stage: 'new', fields: { Carro: 'Argo' }, deleted: false });
    expect(lead).to.deep.include({ createdAt: HUB_LEADS_T0, updatedAt: HUB_LEADS_T0 });
    const events = await world.events.listOf(result.leadId);
    expect(events.map((e) => [e.orgId, e.provider, e.action, e.rawBody, e.bodyHash, e.receivedAt])).to.deep.equal([
      [orgId, 'crmprovider', 'card.create', delivery.rawBody, delivery.bodyHash, HUB_LEADS_T0],
    ]);
  });

  it('applies the changes to the lead of a known key: not created, the same lead, initial values not applied again, members the event does not carry kept', async () => {
    const first = await world.upsert.execute(input({ changes: { title: 'Card', fields: { Carro: 'Argo' } }, initial: { stage: 'new' } }));
    world.clock.advance(60_000);
    const second = await world.upsert.execute(input({ changes: { stage: 'Proposal' }, initial: { stage: 'new', title: 'other' }, action: 'card.move' }));
    expect(second).to.deep.equal({ leadId: first.leadId, created: false });
    const lead = await world.leads.findById(orgId, first.leadId);
    expect(lead).to.deep.include({ title: 'Card', stage: 'Proposal', fields: { Carro: 'Argo' }, createdAt: HUB_LEADS_T0, updatedAt: world.clock.now() });
    expect((await world.events.listOf(first.leadId)).map((e) => e.action)).to.deep.equal(['card.create', 'card.move']);
    expect(await world.pipelines.listOf(orgId)).to.have.length(1);
  });

  it('keys the pipeline by (organization, provider, pipe id): the same external id under another pipe or provider is another lead', async () => {
    const a = await world.upsert.execute(input());
    const b = await world.upsert.execute(input({ pipelineExternalId: '10' }));
    const c = await world.upsert.execute(input({ provider: 'leadprovider' }));
    expect([a.created, b.created, c.created]).to.deep.equal([true, true, true]);
    expect(new Set([a.leadId, b.leadId, c.leadId]).size).to.equal(3);
    expect((await world.pipelines.listOf(orgId)).map((p) => `${p.provider}/${p.externalId}`).sort()).to.deep.equal(['crmprovider/10', 'crmprovider/9', 'leadprovider/9']);
  });

  it('runs the side effects after the upsert and before the record; when they fail nothing is recorded, and the resend runs them and converges', async () => {
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
    expect(await world.events.recentDelivery(orgId, 'crmprovider', delivery.bodyHash, world.clock.now(), world.windowMs)).to.equal(undefined);

    const resend = await world.upsert.execute({ ...delivery, beforeRecord: failing });
    expect(resend).to.deep.equal({ leadId: lead!.id, created: false });
    expect(calls).to.equal(2);
    expect(await world.events.listOf(lead!.id)).to.have.length(1);
  });

  it('concurrent deliveries for one key converge: one pipeline, one lead, exactly one created, each distinct delivery logged', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => world.upsert.execute(input())));
    expect(results.filter((r) => r.created)).to.have.length(1);
    expect(new Set(results.map((r) => r.leadId)).size).to.equal(1);
    expect(await world.pipelines.listOf(orgId)).to.have.length(1);
    expect(await world.events.listOf(results[0]!.leadId)).to.have.length(6);
  });

  it('twins of one body racing past the redelivery check are logged once', async () => {
    const delivery = input();
    const results = await Promise.all([world.upsert.execute(delivery), world.upsert.execute(delivery), world.upsert.execute(delivery)]);
    expect(new Set(results.map((r) => r.leadId)).size).to.equal(1);
    expect(await world.events.listOf(results[0].leadId)).to.have.length(1);
  });
});
