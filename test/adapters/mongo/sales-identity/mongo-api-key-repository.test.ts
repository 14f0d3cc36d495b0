import { MongoApiKeyRepository } from '../../../../src/adapters/mongo/sales-identity/mongo-api-key-repository';
import { apiKeyIndexes } from '../../../../src/adapters/mongo/sales-identity/api-key-collection';
import { apiKeyRepositoryContract } from '../../../support/contracts/api-key-repository-contract';
import { InMemoryApiKeyRepository } from '../../../support/fakes/in-memory-api-key-repository';
import { useTestDatabase } from '../../../support/mongo';

describe('ApiKeyRepository contract', () => {
  describe('in memory (the fake)', () => {
    apiKeyRepositoryContract(async () => new InMemoryApiKeyRepository());
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase([apiKeyIndexes]);
    apiKeyRepositoryContract(async () => new MongoApiKeyRepository(mongo().db));
  });
});
