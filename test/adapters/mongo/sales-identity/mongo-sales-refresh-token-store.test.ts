import { MongoSalesRefreshTokenStore } from '../../../../src/adapters/mongo/sales-identity/mongo-sales-refresh-token-store';
import { salesRefreshTokenIndexes } from '../../../../src/adapters/mongo/sales-identity/sales-refresh-token-collection';
import { salesRefreshTokenStoreContract } from '../../../support/contracts/sales-refresh-token-store-contract';
import { InMemorySalesRefreshTokenStore } from '../../../support/fakes/in-memory-sales-refresh-token-store';
import { useTestDatabase } from '../../../support/mongo';

describe('SalesRefreshTokenStore contract', () => {
  describe('in memory (the fake)', () => {
    salesRefreshTokenStoreContract(async () => new InMemorySalesRefreshTokenStore());
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase([salesRefreshTokenIndexes]);
    salesRefreshTokenStoreContract(async () => new MongoSalesRefreshTokenStore(mongo().db));
  });
});
