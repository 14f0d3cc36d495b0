import { erasureIndexes } from '../../../../src/adapters/mongo/privacy/erasure-collection';
import { MongoErasureStore } from '../../../../src/adapters/mongo/privacy/mongo-erasure-store';
import { erasureStoreContract } from '../../../support/contracts/erasure-store-contract';
import { InMemoryErasureStore } from '../../../support/fakes/in-memory-erasure-store';
import { useTestDatabase } from '../../../support/mongo';

describe('ErasureStore contract', () => {
  describe('in memory (the fake)', () => {
    erasureStoreContract(async () => new InMemoryErasureStore());
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase([erasureIndexes]);
    erasureStoreContract(async () => new MongoErasureStore(mongo().db));
  });
});
