import { MongoOrganizationRepository } from '../../../../src/adapters/mongo/hub-identity/mongo-organization-repository';
import { hubOrganizationIndexes } from '../../../../src/adapters/mongo/hub-identity/organization-collection';
import { organizationRepositoryContract } from '../../../support/contracts/organization-repository-contract';
import { InMemoryOrganizationRepository } from '../../../support/fakes/in-memory-organization-repository';
import { faultyDb } from '../../../support/fakes/write-faults';
import { useTestDatabase } from '../../../support/mongo';

describe('OrganizationRepository contract', () => {
  describe('in memory (the fake)', () => {
    organizationRepositoryContract(async (faults) => new InMemoryOrganizationRepository(faults));
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase([hubOrganizationIndexes]);
    organizationRepositoryContract(async (faults) => new MongoOrganizationRepository(faultyDb(mongo().db, faults)));
  });
});
