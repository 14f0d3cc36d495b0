import { ensureIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import type { MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';
import { MongoApiKeyRepository } from '../../../../src/adapters/mongo/sales-identity/mongo-api-key-repository';
import { apiKeyIndexes } from '../../../../src/adapters/mongo/sales-identity/api-key-collection';
import { apiKeyRepositoryContract } from '../../../support/contracts/api-key-repository-contract';
import { InMemoryApiKeyRepository } from '../../../support/fakes/in-memory-api-key-repository';
import { connectTestDatabase } from '../../../support/mongo';

describe('ApiKeyRepository contract', () => {
  describe('in memory (the fake)', () => {
    apiKeyRepositoryContract(async () => new InMemoryApiKeyRepository());
  });

  describe('MongoDB', () => {
    let mongo: MongoConnection;
    before(async () => {
      mongo = await connectTestDatabase();
      await ensureIndexes(mongo.db, [apiKeyIndexes]);
    });
    after(async () => {
      await mongo.close();
    });
    apiKeyRepositoryContract(async () => new MongoApiKeyRepository(mongo.db));
  });
});
