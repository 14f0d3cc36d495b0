import type { CollectionIndexes } from '../shared/collection-indexes';

export const HUB_RESET_TOKENS = 'hub_reset_tokens';

/** `_id` is the SHA-256 of the token: the token itself is never stored. */
export interface ResetTokenDocument {
  _id: string;
  userId: string;
  expiresAt: Date;
  usedAt: Date | null;
}

export const hubResetTokenIndexes: CollectionIndexes = {
  collection: HUB_RESET_TOKENS,
  indexes: [{ key: { userId: 1 }, name: 'user' }],
};
