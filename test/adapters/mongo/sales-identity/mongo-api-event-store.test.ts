import { MongoApiEventStore } from '../../../../src/adapters/mongo/sales-identity/mongo-api-event-store';
import {
  apiEventCollection,
  apiEventIndexes,
} from '../../../../src/adapters/mongo/sales-identity/api-event-collection';
import { apiEventStoreContract } from '../../../support/contracts/api-event-store-contract';
import { InMemoryApiEventStore } from '../../../support/fakes/in-memory-api-event-store';
import { useTestDatabase } from '../../../support/mongo';
import { DEFAULT_EVENT_LOG_RETENTION_DAYS } from '../../../../src/config';

describe('ApiEventStore contract', () => {
  describe('in memory (the fake)', () => {
    apiEventStoreContract(async () => new InMemoryApiEventStore());
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase([apiEventIndexes(DEFAULT_EVENT_LOG_RETENTION_DAYS)]);
    // Listing sees the whole collection: each test starts from an empty one.
    apiEventStoreContract(async () => {
      await apiEventCollection(mongo().db).deleteMany({});
      return new MongoApiEventStore(mongo().db);
    });
  });
});
