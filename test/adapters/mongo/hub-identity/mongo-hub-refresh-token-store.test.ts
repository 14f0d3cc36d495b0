import { MongoHubRefreshTokenStore } from '../../../../src/adapters/mongo/hub-identity/mongo-hub-refresh-token-store';
import { hubRefreshRotationIndexes, hubRefreshTokenIndexes } from '../../../../src/adapters/mongo/hub-identity/hub-refresh-token-collection';
import { ensureIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import type { MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';
import { InMemoryHubRefreshTokenStore } from '../../../support/fakes/in-memory-hub-refresh-token-store';
import { connectTestDatabase } from '../../../support/mongo';
import { refreshTokenStoreContract } from '../../../support/contracts/hub-refresh-token-store-contract';

describe('refresh token stores', () => {
  let mongo: MongoConnection;
  before(async () => {
    mongo = await connectTestDatabase();
    await ensureIndexes(mongo.db, [hubRefreshTokenIndexes, hubRefreshRotationIndexes]);
  });
  after(async () => {
    await mongo.close();
  });

  refreshTokenStoreContract('in-memory fake', async () => new InMemoryHubRefreshTokenStore());
  refreshTokenStoreContract('MongoDB', async () => new MongoHubRefreshTokenStore(mongo.db));
});
