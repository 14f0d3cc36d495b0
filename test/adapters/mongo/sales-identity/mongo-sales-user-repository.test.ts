import { ensureIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import type { MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';
import { MongoSalesUserRepository } from '../../../../src/adapters/mongo/sales-identity/mongo-sales-user-repository';
import { salesUserIndexes } from '../../../../src/adapters/mongo/sales-identity/sales-user-collection';
import { salesUserRepositoryContract } from '../../../support/contracts/sales-user-repository-contract';
import { InMemorySalesUserRepository } from '../../../support/fakes/in-memory-sales-user-repository';
import { connectTestDatabase } from '../../../support/mongo';

describe('SalesUserRepository contract', () => {
  describe('in memory (the fake)', () => {
    salesUserRepositoryContract(async () => new InMemorySalesUserRepository());
  });

  describe('MongoDB', () => {
    let mongo: MongoConnection;
    before(async () => {
      mongo = await connectTestDatabase();
      await ensureIndexes(mongo.db, [salesUserIndexes]);
    });
    after(async () => {
      await mongo.close();
    });
    salesUserRepositoryContract(async () => new MongoSalesUserRepository(mongo.db));
  });
});
