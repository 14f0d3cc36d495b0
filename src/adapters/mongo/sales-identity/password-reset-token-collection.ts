import type { Collection, Db } from 'mongodb';
import type { CollectionIndexes } from '../shared/collection-indexes';
import { SPENT_TOKEN_RETENTION_SECONDS } from '../shared/expiry/retention';

export const SALES_PASSWORD_RESET_TOKENS = 'sales_password_reset_tokens';

export interface PasswordResetTokenDocument {
  /** SHA-256 of the token sent by mail. */
  _id: string;
  userId: string;
  expiresAt: Date;
  createdAt: Date;
  usedAt?: Date;
  /**
   * The new password's hash, stored by the consume and removed once the reset is applied (password
   * written, sessions revoked): present on a used token, the reset still has to be completed.
   */
  newPasswordHash?: string;
}

export function passwordResetTokenCollection(db: Db): Collection<PasswordResetTokenDocument> {
  return db.collection<PasswordResetTokenDocument>(SALES_PASSWORD_RESET_TOKENS);
}

export const passwordResetTokenIndexes: CollectionIndexes = {
  collection: SALES_PASSWORD_RESET_TOKENS,
  // CONTRACT 9.4: used or expired tokens are removed 30 days after their expiry; until then a late
  // second use still answers "already used" rather than "invalid".
  indexes: [
    { key: { expiresAt: 1 }, name: 'expiry_ttl', expireAfterSeconds: SPENT_TOKEN_RETENTION_SECONDS },
    // The resets still to complete (CONTRACT 10.2), oldest first: only those carry a new hash.
    { key: { usedAt: 1 }, name: 'pending_reset', partialFilterExpression: { newPasswordHash: { $type: 'string' } } },
  ],
};
