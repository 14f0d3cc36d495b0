import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { randomUUID } from 'node:crypto';
import { SetCrmCredentials } from '../../../src/application/hub-leads/set-crm-credentials';
import { InMemoryCrmCredentialsRepository } from '../../support/fakes/in-memory-crm-credentials-repository';
import { testOrganizations, type TestOrganizations } from '../../support/hub-organizations';

describe('SetCrmCredentials', () => {
  let organizations: TestOrganizations;
  before(async () => {
    organizations = await testOrganizations();
  });
  after(async () => {
    await organizations.close();
  });

  it("stores the organization's endpoint and token, replacing the previous set", async () => {
    const credentials = new InMemoryCrmCredentialsRepository();
    const set = new SetCrmCredentials(organizations.repo, credentials);
    const { id: orgId } = await organizations.add();
    expect(await set.execute({ orgId, endpoint: 'https://crm.example.com/graphql', token: 'tok-1' })).to.deep.equal(
      E.right(undefined),
    );
    await set.execute({ orgId, endpoint: 'https://crm.example.com/graphql', token: 'tok-2' });
    expect(await credentials.find(orgId)).to.deep.equal({
      endpoint: 'https://crm.example.com/graphql',
      token: 'tok-2',
    });
  });

  it('OrganizationNotFound for an organization that does not exist; nothing stored', async () => {
    const credentials = new InMemoryCrmCredentialsRepository();
    const orgId = randomUUID();
    expect(
      await new SetCrmCredentials(organizations.repo, credentials).execute({
        orgId,
        endpoint: 'https://crm.example.com/graphql',
        token: 't',
      }),
    ).to.deep.equal(E.left({ _tag: 'OrganizationNotFound' }));
    expect(await credentials.find(orgId)).to.equal(undefined);
  });
});
