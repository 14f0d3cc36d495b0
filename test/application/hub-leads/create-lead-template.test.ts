import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { randomUUID } from 'node:crypto';
import { UuidIdGenerator } from '../../../src/adapters/system/uuid-id-generator';
import {
  CreateLeadTemplate,
  type CreateLeadTemplateInput,
} from '../../../src/application/hub-leads/create-lead-template';
import { ManualClock } from '../../support/fakes/fixed-clock';
import { InMemoryLeadTemplateRepository } from '../../support/fakes/in-memory-lead-template-repository';
import { testOrganizations, type TestOrganizations } from '../../support/hub-organizations';

describe('CreateLeadTemplate', () => {
  let organizations: TestOrganizations;
  let templates: InMemoryLeadTemplateRepository;
  let clock: ManualClock;
  let create: CreateLeadTemplate;
  before(async () => {
    organizations = await testOrganizations();
  });
  after(async () => {
    await organizations.close();
  });
  beforeEach(() => {
    templates = new InMemoryLeadTemplateRepository();
    clock = new ManualClock();
    create = new CreateLeadTemplate(organizations.repo, templates, new UuidIdGenerator(), clock);
  });
  const input = (orgId: string): CreateLeadTemplateInput => ({
    orgId,
    name: 'Fiat',
    active: true,
    pipelineExternalId: 'forms',
    conditions: [{ path: 'interests.brand', value: 'Fiat' }],
    message: 'Olá {{contact.name}}',
  });

  it("stores the template for the organization's lead forms, with an id and the current time", async () => {
    const { id: orgId } = await organizations.add();
    const result = await create.execute(input(orgId));
    if (E.isLeft(result)) throw new Error(result.left._tag);
    expect(result.right).to.deep.include({ ...input(orgId), createdAt: clock.now() });
    expect(await templates.listOf(orgId)).to.deep.equal([result.right]);
  });

  it('OrganizationNotFound for an organization that does not exist; nothing stored', async () => {
    const orgId = randomUUID();
    expect(await create.execute(input(orgId))).to.deep.equal(E.left({ _tag: 'OrganizationNotFound' }));
    expect(await templates.listOf(orgId)).to.deep.equal([]);
  });
});
