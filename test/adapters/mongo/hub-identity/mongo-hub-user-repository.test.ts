import type { MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';
import { ensureIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import { MongoHubUserRepository } from '../../../../src/adapters/mongo/hub-identity/mongo-hub-user-repository';
import { hubUserIndexes } from '../../../../src/adapters/mongo/hub-identity/hub-user-collection';
import { hubUserRepositoryContract } from '../../../support/contracts/hub-user-repository-contract';
import { InMemoryHubUserRepository } from '../../../support/fakes/in-memory-hub-user-repository';
import { connectTestDatabase } from '../../../support/mongo';

describe('HubUserRepository contract', () => {
  describe('in memory (the fake)', () => {
    hubUserRepositoryContract(async () => new InMemoryHubUserRepository());
  });

  describe('MongoDB', () => {
    let mongo: MongoConnection;
    before(async () => {
      mongo = await connectTestDatabase();
      await ensureIndexes(mongo.db, [hubUserIndexes]);
    });
    after(async () => {
      await mongo.close();
    });
    hubUserRepositoryContract(async () => new MongoHubUserRepository(mongo.db));
  });
});
