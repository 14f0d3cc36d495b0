import { hubOutboxIndexes } from '../../../../src/adapters/mongo/hub-leads/outbox-collection';
import { ensureIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import { MongoOutbox } from '../../../../src/adapters/mongo/hub-leads/mongo-outbox';
import type { MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';
import { outboxContract } from '../../../support/contracts/outbox-contract';
import { InMemoryOutbox } from '../../../support/fakes/in-memory-outbox';
import { connectTestDatabase } from '../../../support/mongo';

describe('Outbox contract', () => {
  describe('in memory (the fake)', () => {
    outboxContract(async () => new InMemoryOutbox());
  });

  describe('MongoDB', () => {
    let mongo: MongoConnection;
    before(async () => {
      mongo = await connectTestDatabase();
      await ensureIndexes(mongo.db, [hubOutboxIndexes]);
    });
    after(async () => {
      await mongo.close();
    });
    outboxContract(async () => new MongoOutbox(mongo.db));
  });
});
