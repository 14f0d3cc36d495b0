import { MongoHubUserRepository } from '../../../../src/adapters/mongo/hub-identity/mongo-hub-user-repository';
import { hubUserIndexes } from '../../../../src/adapters/mongo/hub-identity/hub-user-collection';
import { hubUserRepositoryContract } from '../../../support/contracts/hub-user-repository-contract';
import { InMemoryHubUserRepository } from '../../../support/fakes/in-memory-hub-user-repository';
import { useTestDatabase } from '../../../support/mongo';

describe('HubUserRepository contract', () => {
  describe('in memory (the fake)', () => {
    hubUserRepositoryContract(async () => new InMemoryHubUserRepository());
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase([hubUserIndexes]);
    hubUserRepositoryContract(async () => new MongoHubUserRepository(mongo().db));
  });
});
