import type { Collection, Db } from 'mongodb';
import type { CollectionIndexes } from '../shared/collection-indexes';
import { SPENT_TOKEN_RETENTION_SECONDS } from '../shared/expiry/retention';

export const SALES_REFRESH_TOKENS = 'sales_refresh_tokens';

export interface SalesRefreshTokenDocument {
  /** SHA-256 of the opaque token. */
  _id: string;
  userId: string;
  expiresAt: Date;
  createdAt: Date;
  revokedAt?: Date;
}

export function salesRefreshTokenCollection(db: Db): Collection<SalesRefreshTokenDocument> {
  return db.collection<SalesRefreshTokenDocument>(SALES_REFRESH_TOKENS);
}

export const salesRefreshTokenIndexes: CollectionIndexes = {
  collection: SALES_REFRESH_TOKENS,
  indexes: [
    { key: { userId: 1 }, name: 'user' },
    // CONTRACT 9.4: expired or revoked tokens are removed 30 days after their expiry (TTL monitor).
    { key: { expiresAt: 1 }, name: 'expiry_ttl', expireAfterSeconds: SPENT_TOKEN_RETENTION_SECONDS },
  ],
};
