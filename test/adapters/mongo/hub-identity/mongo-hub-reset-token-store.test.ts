import { MongoHubResetTokenStore } from '../../../../src/adapters/mongo/hub-identity/mongo-hub-reset-token-store';
import { hubResetTokenIndexes } from '../../../../src/adapters/mongo/hub-identity/hub-reset-token-collection';
import { hubResetTokenStoreContract } from '../../../support/contracts/hub-reset-token-store-contract';
import { InMemoryHubResetTokenStore } from '../../../support/fakes/in-memory-hub-reset-token-store';
import { faultyDb } from '../../../support/fakes/write-faults';
import { useTestDatabase } from '../../../support/mongo';

describe('HubResetTokenStore contract', () => {
  describe('in memory (the fake)', () => {
    hubResetTokenStoreContract(async (faults) => new InMemoryHubResetTokenStore(faults));
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase([hubResetTokenIndexes]);
    hubResetTokenStoreContract(async (faults) => new MongoHubResetTokenStore(faultyDb(mongo().db, faults)));
  });
});
