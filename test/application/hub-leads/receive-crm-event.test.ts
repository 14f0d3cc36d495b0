import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { randomUUID } from 'node:crypto';
import type { ReceiveCrmEventError } from '../../../src/application/hub-leads/receive-crm-event';
import type { CrmCard } from '../../../src/domain/hub-leads/crm-card';
import type { CrmEvent } from '../../../src/domain/hub-leads/crm-event';
import { hubLeadsWorld, type HubLeadsWorld } from '../../support/hub-leads-world';

describe('ReceiveCrmEvent', () => {
  let world: HubLeadsWorld;
  let orgId: string;
  beforeEach(() => {
    world = hubLeadsWorld();
    orgId = randomUUID();
  });

  const card = (overrides: Partial<CrmCard> = {}): CrmCard => ({
    id: 'c-1',
    title: 'Fetched title',
    phaseName: 'Inbox',
    pipeId: '77',
    fields: { Carro: 'Argo' },
    ...overrides,
  });
  /** An event with the raw body the provider would have sent for it (distinct events, distinct bodies). */
  const receive = (event: CrmEvent, rawBody = JSON.stringify({ data: event })) => {
    // Deliveries arrive one after the other: each a millisecond later.
    world.clock.advance(1);
    return world.receiveCrmEvent.execute({ orgId, event, rawBody });
  };
  /** `pipeId` null: a delivery that does not say its pipe. */
  const create = (cardId = 'c-1', pipeId: string | null = '77'): CrmEvent => ({
    action: 'card.create',
    cardId,
    title: 'Event title',
    ...(pipeId === null ? {} : { pipeId }),
  });
  const move = (to: string, cardId = 'c-1', pipeId: string | null = '77'): CrmEvent => ({
    action: 'card.move',
    cardId,
    to: { name: to },
    ...(pipeId === null ? {} : { pipeId }),
  });
  const withCredentials = async () => world.credentials.set(orgId, world.cards.credentials);
  const processed = async (pending: Promise<E.Either<ReceiveCrmEventError, { leadId: string; created: boolean }>>) => {
    const result = await pending;
    if (E.isLeft(result)) throw new Error(`expected Right, got ${result.left._tag}`);
    return result.right;
  };
  const nothingWritten = async () => {
    expect(await world.leadsOf(orgId)).to.deep.equal([]);
    expect(await world.pipelines.listOf(orgId)).to.deep.equal([]);
  };

  describe('expected failures (Left), each writing nothing', () => {
    it(
      'NoCrmCredentials: card.create and card.field_update need the organization credentials; the provider is not ' +
        'asked',
      async () => {
        expect(await receive(create())).to.deep.equal(E.left({ _tag: 'NoCrmCredentials' }));
        expect(await receive({ action: 'card.field_update', cardId: 'c-1', pipeId: '77' })).to.deep.equal(
          E.left({ _tag: 'NoCrmCredentials' }),
        );
        expect(world.cards.fetches).to.equal(0);
        await nothingWritten();
      },
    );

    it('ProviderFetchFailed: the provider down, refusing the token, or not knowing the card', async () => {
      await withCredentials();
      world.cards.addCard(card());
      world.cards.down = true;
      expect(await receive(create())).to.deep.equal(
        E.left({ _tag: 'ProviderFetchFailed', reason: 'provider answered 500' }),
      );
      world.cards.down = false;
      await world.credentials.set(orgId, { ...world.cards.credentials, token: 'revoked' });
      expect(await receive(create())).to.deep.equal(
        E.left({ _tag: 'ProviderFetchFailed', reason: 'provider answered 401' }),
      );
      await withCredentials();
      expect(await receive(create('c-unknown'))).to.deep.equal(
        E.left({ _tag: 'ProviderFetchFailed', reason: 'card c-unknown not found' }),
      );
      await nothingWritten();
    });

    it(
      'a failed delivery is not taken for an accepted one: its resend asks the provider again and is ' + 'processed',
      async () => {
        await withCredentials();
        world.cards.addCard(card());
        world.cards.down = true;
        const body = JSON.stringify({ data: create(), n: 1 });
        expect(E.isLeft(await receive(create(), body))).to.equal(true);
        world.cards.down = false;
        expect(await processed(receive(create(), body))).to.include({ created: true });
        expect(world.cards.fetches).to.equal(2);
      },
    );

    it(
      'UnknownPipe: an event without a pipe for a card never seen, when the provider does not say the pipe ' + 'either',
      async () => {
        expect(await receive(move('Proposal', 'c-new', null))).to.deep.equal(E.left({ _tag: 'UnknownPipe' }));
        expect(await receive({ action: 'card.delete', cardId: 'c-new' })).to.deep.equal(
          E.left({ _tag: 'UnknownPipe' }),
        );
        await withCredentials();
        world.cards.addCard(card({ id: 'c-nopipe', pipeId: null }));
        expect(await receive(create('c-nopipe', null))).to.deep.equal(E.left({ _tag: 'UnknownPipe' }));
        await nothingWritten();
      },
    );
  });

  it(
    'card.create reads the card: created, its title, phase and fields on the lead, the pipeline found or created ' +
      'by pipe id',
    async () => {
      await withCredentials();
      world.cards.addCard(card());
      const result = await processed(receive(create()));
      expect(result.created).to.equal(true);
      const lead = await world.leads.findById(orgId, result.leadId);
      expect(lead).to.deep.include({
        provider: 'crmprovider',
        externalId: 'c-1',
        pipelineExternalId: '77',
        title: 'Fetched title',
        stage: 'Inbox',
        fields: { Carro: 'Argo' },
        deleted: false,
      });
      expect((await world.pipelines.listOf(orgId)).map((p) => [p.provider, p.externalId])).to.deep.equal([
        ['crmprovider', '77'],
      ]);
      expect((await world.events.listOf(result.leadId)).map((e) => e.action)).to.deep.equal(['card.create']);
    },
  );

  it("takes the card's pipe when the event does not carry one", async () => {
    await withCredentials();
    world.cards.addCard(card({ pipeId: '78' }));
    const result = await processed(receive(create('c-1', null)));
    expect(await world.leads.findById(orgId, result.leadId)).to.deep.include({ pipelineExternalId: '78' });
  });

  it(
    'an exact redelivery inside the window is answered from the receipt: same lead, not created, the provider not ' +
      'asked again, logged once',
    async () => {
      await withCredentials();
      world.cards.addCard(card());
      const event = create();
      const first = await processed(receive(event));
      const again = await processed(receive(event));
      expect(again).to.deep.equal({ leadId: first.leadId, created: false });
      expect(world.cards.fetches).to.equal(1);
      expect(await world.events.listOf(first.leadId)).to.have.length(1);
    },
  );

  it(
    'card.move sets the stage, card.field_update refreshes the fields from the provider, card.delete marks the ' +
      'lead deleted; events without the pipe find the known card',
    async () => {
      await withCredentials();
      world.cards.addCard(card());
      const { leadId } = await processed(receive(create()));
      expect(await processed(receive(move('Qualified', 'c-1', null)))).to.deep.equal({ leadId, created: false });
      expect(await world.leads.findById(orgId, leadId)).to.deep.include({
        stage: 'Qualified',
        fields: { Carro: 'Argo' },
        title: 'Fetched title',
      });
      world.cards.addCard(card({ phaseName: 'Qualified', fields: { Carro: 'Pulse' } }));
      await processed(receive({ action: 'card.field_update', cardId: 'c-1' }));
      expect(await world.leads.findById(orgId, leadId)).to.deep.include({
        stage: 'Qualified',
        fields: { Carro: 'Pulse' },
        deleted: false,
      });
      expect(await processed(receive({ action: 'card.delete', cardId: 'c-1' }))).to.deep.equal({
        leadId,
        created: false,
      });
      expect(await world.leads.findById(orgId, leadId)).to.deep.include({ stage: 'Qualified', deleted: true });
      expect((await world.events.listOf(leadId)).map((e) => e.action)).to.deep.equal([
        'card.create',
        'card.move',
        'card.field_update',
        'card.delete',
      ]);
    },
  );

  it(
    'a move delivered before its create converges: the move creates the lead, the create fills it in the phase ' +
      'the provider has now',
    async () => {
      await withCredentials();
      world.cards.addCard(card({ phaseName: 'Proposal' }));
      const moved = await processed(receive(move('Proposal')));
      expect(moved.created).to.equal(true);
      expect(await world.leads.findById(orgId, moved.leadId)).to.deep.include({
        stage: 'Proposal',
        fields: {},
        title: null,
      });
      const created = await processed(receive(create()));
      expect(created).to.deep.equal({ leadId: moved.leadId, created: false });
      expect(await world.leadsOf(orgId)).to.have.length(1);
      expect(await world.leads.findById(orgId, moved.leadId)).to.deep.include({
        stage: 'Proposal',
        title: 'Fetched title',
        fields: { Carro: 'Argo' },
      });
    },
  );

  it(
    'moves and creates of one card racing each other: one lead, exactly one created, in the provider phase with ' +
      'its fields',
    async () => {
      await withCredentials();
      world.cards.addCard(card({ phaseName: 'Proposal', fields: { Carro: 'Pulse' } }));
      const results = await Promise.all([
        receive(move('Proposal')),
        receive(create()),
        receive(move('Proposal'), '{"second":"move"}'),
        receive(create(), '{"second":"create"}'),
      ]);
      const answers = results.map((r) => (E.isRight(r) ? r.right : undefined));
      expect(answers.filter((a) => a?.created)).to.have.length(1);
      expect(new Set(answers.map((a) => a?.leadId)).size).to.equal(1);
      const [lead] = await world.leadsOf(orgId);
      expect(lead).to.deep.include({ stage: 'Proposal', fields: { Carro: 'Pulse' }, deleted: false });
    },
  );

  it('a delete for a card never seen creates it deleted; later events keep it deleted', async () => {
    const deleted = await processed(receive({ action: 'card.delete', cardId: 'c-gone', pipeId: '77' }));
    expect(deleted.created).to.equal(true);
    expect(await world.leads.findById(orgId, deleted.leadId)).to.deep.include({ deleted: true, externalId: 'c-gone' });
    await withCredentials();
    world.cards.addCard(card({ id: 'c-gone', phaseName: 'Archived', fields: { motivo: 'duplicado' } }));
    await processed(receive({ action: 'card.field_update', cardId: 'c-gone' }));
    await processed(receive(move('Lost', 'c-gone')));
    expect(await world.leads.findById(orgId, deleted.leadId)).to.deep.include({
      deleted: true,
      stage: 'Lost',
      fields: { motivo: 'duplicado' },
    });
  });

  it('keeps the event title for events that do not read the card', async () => {
    const moved = await processed(
      receive({ action: 'card.move', cardId: 'c-2', pipeId: '77', title: 'From the event', to: { name: 'Inbox' } }),
    );
    expect(await world.leads.findById(orgId, moved.leadId)).to.deep.include({ title: 'From the event' });
  });
});
