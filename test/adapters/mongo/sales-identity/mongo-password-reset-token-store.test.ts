import { MongoPasswordResetTokenStore } from '../../../../src/adapters/mongo/sales-identity/mongo-password-reset-token-store';
import { passwordResetTokenIndexes } from '../../../../src/adapters/mongo/sales-identity/password-reset-token-collection';
import { passwordResetTokenStoreContract } from '../../../support/contracts/password-reset-token-store-contract';
import { InMemoryPasswordResetTokenStore } from '../../../support/fakes/in-memory-password-reset-token-store';
import { faultyDb } from '../../../support/fakes/write-faults';
import { useTestDatabase } from '../../../support/mongo';

describe('PasswordResetTokenStore contract', () => {
  describe('in memory (the fake)', () => {
    passwordResetTokenStoreContract(async (faults) => new InMemoryPasswordResetTokenStore(faults));
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase([passwordResetTokenIndexes]);
    passwordResetTokenStoreContract(async (faults) => new MongoPasswordResetTokenStore(faultyDb(mongo().db, faults)));
  });
});
