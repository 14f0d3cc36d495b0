import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { ListLeadTemplates } from '../../../src/application/hub-leads/list-lead-templates';
import { leadTemplate } from '../../support/contracts/lead-template-repository-contract';
import { InMemoryLeadTemplateRepository } from '../../support/fakes/in-memory-lead-template-repository';

describe('ListLeadTemplates', () => {
  it("lists the organization's templates in creation order, none of another organization", async () => {
    const templates = new InMemoryLeadTemplateRepository();
    const orgId = randomUUID();
    const first = leadTemplate({ orgId, createdAt: new Date(1_000) });
    const second = leadTemplate({ orgId, active: false, createdAt: new Date(2_000) });
    for (const t of [second, leadTemplate(), first]) await templates.create(t);
    const list = new ListLeadTemplates(templates);
    expect(await list.execute({ orgId })).to.deep.equal([first, second]);
    expect(await list.execute({ orgId: randomUUID() })).to.deep.equal([]);
  });
});
