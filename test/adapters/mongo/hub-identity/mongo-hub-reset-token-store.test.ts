import { MongoHubResetTokenStore } from '../../../../src/adapters/mongo/hub-identity/mongo-hub-reset-token-store';
import { hubResetTokenIndexes } from '../../../../src/adapters/mongo/hub-identity/hub-reset-token-collection';
import { hubResetTokenStoreContract } from '../../../support/contracts/hub-reset-token-store-contract';
import { InMemoryHubResetTokenStore } from '../../../support/fakes/in-memory-hub-reset-token-store';
import { useTestDatabase } from '../../../support/mongo';

describe('HubResetTokenStore contract', () => {
  describe('in memory (the fake)', () => {
    hubResetTokenStoreContract(async () => new InMemoryHubResetTokenStore());
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase([hubResetTokenIndexes]);
    hubResetTokenStoreContract(async () => new MongoHubResetTokenStore(mongo().db));
  });
});
