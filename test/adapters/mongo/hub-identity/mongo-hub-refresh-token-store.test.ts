import { MongoHubRefreshTokenStore } from '../../../../src/adapters/mongo/hub-identity/mongo-hub-refresh-token-store';
import {
  hubRefreshRotationIndexes,
  hubRefreshTokenIndexes,
} from '../../../../src/adapters/mongo/hub-identity/hub-refresh-token-collection';
import { InMemoryHubRefreshTokenStore } from '../../../support/fakes/in-memory-hub-refresh-token-store';
import { useTestDatabase } from '../../../support/mongo';
import { refreshTokenStoreContract } from '../../../support/contracts/hub-refresh-token-store-contract';

describe('refresh token stores', () => {
  const mongo = useTestDatabase([hubRefreshTokenIndexes, hubRefreshRotationIndexes]);

  refreshTokenStoreContract('in-memory fake', async () => new InMemoryHubRefreshTokenStore());
  refreshTokenStoreContract('MongoDB', async () => new MongoHubRefreshTokenStore(mongo().db));
});
