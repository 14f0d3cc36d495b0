import type { CollectionIndexes } from '../shared/collection-indexes';
import { SPENT_TOKEN_RETENTION_SECONDS } from '../shared/expiry/retention';

export const HUB_RESET_TOKENS = 'hub_reset_tokens';

/** `_id` is the SHA-256 of the token: the token itself is never stored. */
export interface ResetTokenDocument {
  _id: string;
  userId: string;
  expiresAt: Date;
  usedAt: Date | null;
  /**
   * The new password's hash, stored by the consume and removed once the reset is applied (password
   * written, sessions revoked): present on a used token, the reset still has to be completed.
   */
  newPasswordHash?: string;
}

export const hubResetTokenIndexes: CollectionIndexes = {
  collection: HUB_RESET_TOKENS,
  indexes: [
    { key: { userId: 1 }, name: 'user' },
    // CONTRACT 9.4: used or expired tokens are removed 30 days after their expiry.
    { key: { expiresAt: 1 }, name: 'expiry_ttl', expireAfterSeconds: SPENT_TOKEN_RETENTION_SECONDS },
    // The resets still to complete (CONTRACT 10.2), oldest first: only those carry a new hash.
    { key: { usedAt: 1 }, name: 'pending_reset', partialFilterExpression: { newPasswordHash: { $type: 'string' } } },
  ],
};
