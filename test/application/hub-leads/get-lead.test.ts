import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { GetLead } from '../../../src/application/hub-leads/get-lead';
import { leadEvent } from '../../support/contracts/lead-event-log-contract';
import { lead } from '../../support/contracts/lead-repository-contract';
import { InMemoryLeadEventLog } from '../../support/fakes/in-memory-lead-event-log';
import { InMemoryLeadRepository } from '../../support/fakes/in-memory-lead-repository';

describe('GetLead', () => {
  it('answers the lead of the organization with its events, oldest first', async () => {
    const leads = new InMemoryLeadRepository();
    const events = new InMemoryLeadEventLog();
    const stored = lead({}, { title: 'Card' });
    await leads.upsert(stored, {}, stored.createdAt);
    const second = leadEvent({
      orgId: stored.orgId,
      leadId: stored.id,
      action: 'card.move',
      receivedAt: new Date(2_000),
    });
    const first = leadEvent({
      orgId: stored.orgId,
      leadId: stored.id,
      action: 'card.create',
      receivedAt: new Date(1_000),
    });
    for (const e of [second, first, leadEvent()]) await events.append(e, 60_000);
    expect(await new GetLead(leads, events).execute({ orgId: stored.orgId, id: stored.id })).to.deep.equal(
      E.right({ lead: stored, events: [first, second] }),
    );
  });

  it('LeadNotFound for an unknown id and for a lead of another organization', async () => {
    const leads = new InMemoryLeadRepository();
    const stored = lead();
    await leads.upsert(stored, {}, stored.createdAt);
    const get = new GetLead(leads, new InMemoryLeadEventLog());
    expect(await get.execute({ orgId: stored.orgId, id: 'unknown' })).to.deep.equal(E.left({ _tag: 'LeadNotFound' }));
    expect(await get.execute({ orgId: 'another-org', id: stored.id })).to.deep.equal(E.left({ _tag: 'LeadNotFound' }));
  });
});
