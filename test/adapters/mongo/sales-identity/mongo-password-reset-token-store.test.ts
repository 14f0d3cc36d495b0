import { MongoPasswordResetTokenStore } from '../../../../src/adapters/mongo/sales-identity/mongo-password-reset-token-store';
import { passwordResetTokenIndexes } from '../../../../src/adapters/mongo/sales-identity/password-reset-token-collection';
import { passwordResetTokenStoreContract } from '../../../support/contracts/password-reset-token-store-contract';
import { InMemoryPasswordResetTokenStore } from '../../../support/fakes/in-memory-password-reset-token-store';
import { useTestDatabase } from '../../../support/mongo';

describe('PasswordResetTokenStore contract', () => {
  describe('in memory (the fake)', () => {
    passwordResetTokenStoreContract(async () => new InMemoryPasswordResetTokenStore());
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase([passwordResetTokenIndexes]);
    passwordResetTokenStoreContract(async () => new MongoPasswordResetTokenStore(mongo().db));
  });
});
