import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { randomUUID } from 'node:crypto';
import { CheckOrganizationExists } from '../../../src/application/hub-leads/check-organization-exists';
import { testOrganizations, type TestOrganizations } from '../../support/hub-organizations';

describe('CheckOrganizationExists', () => {
  let organizations: TestOrganizations;
  before(async () => {
    organizations = await testOrganizations();
  });
  after(async () => {
    await organizations.close();
  });

  it('Right for an organization that exists, OrganizationNotFound otherwise', async () => {
    const check = new CheckOrganizationExists(organizations.repo);
    const org = await organizations.add();
    expect(await check.execute({ orgId: org.id })).to.deep.equal(E.right(undefined));
    expect(await check.execute({ orgId: randomUUID() })).to.deep.equal(E.left({ _tag: 'OrganizationNotFound' }));
  });
});
