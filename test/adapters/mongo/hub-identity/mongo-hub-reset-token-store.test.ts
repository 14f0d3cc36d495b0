import type { MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';
import { ensureIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import { MongoHubResetTokenStore } from '../../../../src/adapters/mongo/hub-identity/mongo-hub-reset-token-store';
import { hubResetTokenIndexes } from '../../../../src/adapters/mongo/hub-identity/hub-reset-token-collection';
import { hubResetTokenStoreContract } from '../../../support/contracts/hub-reset-token-store-contract';
import { InMemoryHubResetTokenStore } from '../../../support/fakes/in-memory-hub-reset-token-store';
import { connectTestDatabase } from '../../../support/mongo';

describe('HubResetTokenStore contract', () => {
  describe('in memory (the fake)', () => {
    hubResetTokenStoreContract(async () => new InMemoryHubResetTokenStore());
  });

  describe('MongoDB', () => {
    let mongo: MongoConnection;
    before(async () => {
      mongo = await connectTestDatabase();
      await ensureIndexes(mongo.db, [hubResetTokenIndexes]);
    });
    after(async () => {
      await mongo.close();
    });
    hubResetTokenStoreContract(async () => new MongoHubResetTokenStore(mongo.db));
  });
});
