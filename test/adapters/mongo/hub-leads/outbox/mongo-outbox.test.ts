import { hubOutboxIndexes } from '../../../../../src/adapters/mongo/hub-leads/outbox/outbox-collection';
import { MongoOutbox } from '../../../../../src/adapters/mongo/hub-leads/outbox/mongo-outbox';
import { outboxContract } from '../../../../support/contracts/outbox-contract';
import { InMemoryOutbox } from '../../../../support/fakes/in-memory-outbox';
import { useTestDatabase } from '../../../../support/mongo';

describe('Outbox contract', () => {
  describe('in memory (the fake)', () => {
    outboxContract(async () => new InMemoryOutbox());
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase([hubOutboxIndexes]);
    outboxContract(async () => new MongoOutbox(mongo().db));
  });
});
