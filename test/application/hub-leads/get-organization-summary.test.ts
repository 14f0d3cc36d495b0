import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { randomUUID } from 'node:crypto';
import { GetOrganizationSummary } from '../../../src/application/hub-leads/get-organization-summary';
import { channel } from '../../support/contracts/channel-repository-contract';
import { InMemoryChannelRepository } from '../../support/fakes/in-memory-channel-repository';
import { testOrganizations, type TestOrganizations } from '../../support/hub-organizations';

describe('GetOrganizationSummary', () => {
  let organizations: TestOrganizations;
  before(async () => {
    organizations = await testOrganizations();
  });
  after(async () => {
    await organizations.close();
  });

  it('answers the organization with the number of its channels', async () => {
    const org = await organizations.add();
    const channels = new InMemoryChannelRepository();
    for (const c of [channel({ orgId: org.id, name: 'A' }), channel({ orgId: org.id, name: 'B' }), channel()])
      await channels.create(c);
    expect(await new GetOrganizationSummary(organizations.repo, channels).execute({ orgId: org.id })).to.deep.equal(
      E.right({ id: org.id, name: org.name, slug: org.slug, createdAt: org.createdAt, channelCount: 2 }),
    );
  });

  it('OrganizationNotFound for an organization that does not exist', async () => {
    expect(
      await new GetOrganizationSummary(organizations.repo, new InMemoryChannelRepository()).execute({
        orgId: randomUUID(),
      }),
    ).to.deep.equal(E.left({ _tag: 'OrganizationNotFound' }));
  });
});
