import type { MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';
import { ensureIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import { MongoOrganizationRepository } from '../../../../src/adapters/mongo/hub-identity/mongo-organization-repository';
import { hubOrganizationIndexes } from '../../../../src/adapters/mongo/hub-identity/organization-collection';
import { organizationRepositoryContract } from '../../../support/contracts/organization-repository-contract';
import { InMemoryOrganizationRepository } from '../../../support/fakes/in-memory-organization-repository';
import { connectTestDatabase } from '../../../support/mongo';

describe('OrganizationRepository contract', () => {
  describe('in memory (the fake)', () => {
    organizationRepositoryContract(async () => new InMemoryOrganizationRepository());
  });

  describe('MongoDB', () => {
    let mongo: MongoConnection;
    before(async () => {
      mongo = await connectTestDatabase();
      await ensureIndexes(mongo.db, [hubOrganizationIndexes]);
    });
    after(async () => {
      await mongo.close();
    });
    organizationRepositoryContract(async () => new MongoOrganizationRepository(mongo.db));
  });
});
