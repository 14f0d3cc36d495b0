import { randomUUID } from 'node:crypto';
import type { Organization } from '../../src/domain/hub-identity/tenancy';
import { InMemoryOrganizationRepository } from './fakes/in-memory-organization-repository';

/** Hub organizations for the hub-leads use-case tests, on the OrganizationRepository fake. */
export interface TestOrganizations {
  readonly repo: InMemoryOrganizationRepository;
  add(): Promise<Organization>;
  close(): Promise<void>;
}

export async function testOrganizations(): Promise<TestOrganizations> {
  const repo = new InMemoryOrganizationRepository();
  return {
    repo,
    async add() {
      const id = randomUUID();
      const organization: Organization = {
        id,
        name: `Org ${id}`,
        slug: `org-${id}`,
        createdAt: new Date('2026-01-02T03:04:05.000Z'),
      };
      if (!(await repo.create(organization))) throw new Error('organization not created');
      return organization;
    },
    close: async () => undefined,
  };
}
