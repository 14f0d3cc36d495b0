import { MongoHubUserRepository } from '../../../../src/adapters/mongo/hub-identity/mongo-hub-user-repository';
import { hubUserIndexes } from '../../../../src/adapters/mongo/hub-identity/hub-user-collection';
import { hubUserRepositoryContract } from '../../../support/contracts/hub-user-repository-contract';
import { InMemoryHubUserRepository } from '../../../support/fakes/in-memory-hub-user-repository';
import { faultyDb } from '../../../support/fakes/write-faults';
import { useTestDatabase } from '../../../support/mongo';

describe('HubUserRepository contract', () => {
  describe('in memory (the fake)', () => {
    hubUserRepositoryContract(async (faults) => new InMemoryHubUserRepository(faults));
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase([hubUserIndexes]);
    hubUserRepositoryContract(async (faults) => new MongoHubUserRepository(faultyDb(mongo().db, faults)));
  });
});
