import { ensureIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import type { MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';
import { MongoSalesRefreshTokenStore } from '../../../../src/adapters/mongo/sales-identity/mongo-sales-refresh-token-store';
import { salesRefreshTokenIndexes } from '../../../../src/adapters/mongo/sales-identity/sales-refresh-token-collection';
import { salesRefreshTokenStoreContract } from '../../../support/contracts/sales-refresh-token-store-contract';
import { InMemorySalesRefreshTokenStore } from '../../../support/fakes/in-memory-sales-refresh-token-store';
import { connectTestDatabase } from '../../../support/mongo';

describe('SalesRefreshTokenStore contract', () => {
  describe('in memory (the fake)', () => {
    salesRefreshTokenStoreContract(async () => new InMemorySalesRefreshTokenStore());
  });

  describe('MongoDB', () => {
    let mongo: MongoConnection;
    before(async () => {
      mongo = await connectTestDatabase();
      await ensureIndexes(mongo.db, [salesRefreshTokenIndexes]);
    });
    after(async () => {
      await mongo.close();
    });
    salesRefreshTokenStoreContract(async () => new MongoSalesRefreshTokenStore(mongo.db));
  });
});
