import { randomUUID } from 'node:crypto';
import { hubOrganizationIndexes } from '../../src/adapters/mongo/hub-identity/organization-collection';
import { MongoOrganizationRepository } from '../../src/adapters/mongo/hub-identity/mongo-organization-repository';
import type { MongoConnection } from '../../src/adapters/mongo/shared/mongo-connection';
import type { Organization } from '../../src/domain/hub-identity/tenancy';
import { connectTestDatabase } from './mongo';

/**
 * Hub organizations for the hub-leads use-case tests: the real MongoDB repository on the embedded
 * server (the organization fake belongs to the hub-identity tests).
 */
export interface TestOrganizations {
  readonly repo: MongoOrganizationRepository;
  add(): Promise<Organization>;
  close(): Promise<void>;
}

export async function testOrganizations(): Promise<TestOrganizations> {
  const mongo: MongoConnection = await connectTestDatabase();
  await hubOrganizationIndexes.ensure(mongo.db);
  const repo = new MongoOrganizationRepository(mongo.db);
  return {
    repo,
    async add() {
      const id = randomUUID();
      const organization: Organization = { id, name: `Org ${id}`, slug: `org-${id}`, createdAt: new Date('2026-01-02T03:04:05.000Z') };
      if (!(await repo.create(organization))) throw new Error('organization not created');
      return organization;
    },
    close: () => mongo.close(),
  };
}
