import { ensureIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import type { MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';
import { MongoPasswordResetTokenStore } from '../../../../src/adapters/mongo/sales-identity/mongo-password-reset-token-store';
import { passwordResetTokenIndexes } from '../../../../src/adapters/mongo/sales-identity/password-reset-token-collection';
import { passwordResetTokenStoreContract } from '../../../support/contracts/password-reset-token-store-contract';
import { InMemoryPasswordResetTokenStore } from '../../../support/fakes/in-memory-password-reset-token-store';
import { connectTestDatabase } from '../../../support/mongo';

describe('PasswordResetTokenStore contract', () => {
  describe('in memory (the fake)', () => {
    passwordResetTokenStoreContract(async () => new InMemoryPasswordResetTokenStore());
  });

  describe('MongoDB', () => {
    let mongo: MongoConnection;
    before(async () => {
      mongo = await connectTestDatabase();
      await ensureIndexes(mongo.db, [passwordResetTokenIndexes]);
    });
    after(async () => {
      await mongo.close();
    });
    passwordResetTokenStoreContract(async () => new MongoPasswordResetTokenStore(mongo.db));
  });
});
