import { ensureIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import type { MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';
import { MongoApiEventStore } from '../../../../src/adapters/mongo/sales-identity/mongo-api-event-store';
import { apiEventCollection, apiEventIndexes } from '../../../../src/adapters/mongo/sales-identity/api-event-collection';
import { apiEventStoreContract } from '../../../support/contracts/api-event-store-contract';
import { InMemoryApiEventStore } from '../../../support/fakes/in-memory-api-event-store';
import { connectTestDatabase } from '../../../support/mongo';

describe('ApiEventStore contract', () => {
  describe('in memory (the fake)', () => {
    apiEventStoreContract(async () => new InMemoryApiEventStore());
  });

  describe('MongoDB', () => {
    let mongo: MongoConnection;
    before(async () => {
      mongo = await connectTestDatabase();
      await ensureIndexes(mongo.db, [apiEventIndexes]);
    });
    after(async () => {
      await mongo.close();
    });
    // Listing sees the whole collection: each test starts from an empty one.
    apiEventStoreContract(async () => {
      await apiEventCollection(mongo.db).deleteMany({});
      return new MongoApiEventStore(mongo.db);
    });
  });
});
