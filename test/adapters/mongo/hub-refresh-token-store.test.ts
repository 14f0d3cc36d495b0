import { MongoRefreshTokenStore } from '../../../src/adapters/mongo/hub-mongo-refresh-token-store';
import { hubRefreshRotationIndexes, hubRefreshTokenIndexes } from '../../../src/adapters/mongo/hub-refresh-token-collection';
import type { MongoConnection } from '../../../src/adapters/mongo/mongo-connection';
import { InMemoryRefreshTokenStore } from '../../support/fakes/in-memory-refresh-token-store';
import { connectTestDatabase } from '../../support/mongo';
import { refreshTokenStoreContract } from '../../support/refresh-token-store-contract';

describe('refresh token stores', () => {
  let mongo: MongoConnection;
  before(async () => {
    mongo = await connectTestDatabase();
    await hubRefreshTokenIndexes.ensure(mongo.db);
    await hubRefreshRotationIndexes.ensure(mongo.db);
  });
  after(async () => {
    await mongo.close();
  });

  refreshTokenStoreContract('in-memory fake', async () => new InMemoryRefreshTokenStore());
  refreshTokenStoreContract('MongoDB', async () => new MongoRefreshTokenStore(mongo.db));
});
