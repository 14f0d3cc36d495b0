import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { ListLeads } from '../../../src/application/hub-leads/list-leads';
import type { CanonicalPhone } from '../../../src/domain/shared/phone';
import { lead } from '../../support/contracts/lead-repository-contract';
import { InMemoryLeadRepository } from '../../support/fakes/in-memory-lead-repository';

describe('ListLeads', () => {
  it('answers a page of the filtered leads, newest first, with the page, the limit and the total', async () => {
    const leads = new InMemoryLeadRepository();
    const orgId = randomUUID();
    const phone = '5511987654321' as CanonicalPhone;
    const stored = [1, 2, 3].map((s) => lead({ orgId, createdAt: new Date(s * 1_000) }, { phone, stage: 'new' }));
    for (const l of [...stored, lead({ orgId }, { stage: 'won' }), lead({}, { phone })])
      await leads.upsert(l, {}, l.createdAt);
    const list = new ListLeads(leads);
    expect(await list.execute({ orgId, phone, page: 1, limit: 2 })).to.deep.equal({
      leads: [stored[2], stored[1]],
      page: 1,
      limit: 2,
      total: 3,
    });
    expect(await list.execute({ orgId, stage: 'new', page: 2, limit: 2 })).to.deep.equal({
      leads: [stored[0]],
      page: 2,
      limit: 2,
      total: 3,
    });
    expect(await list.execute({ orgId: randomUUID(), page: 1, limit: 20 })).to.deep.equal({
      leads: [],
      page: 1,
      limit: 20,
      total: 0,
    });
  });
});
