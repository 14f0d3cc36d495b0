import type { Collection, Db } from 'mongodb';
import type { CollectionIndexes } from '../shared/collection-indexes';

export const API_KEYS = 'api_keys';

export interface ApiKeyDocument {
  _id: string;
  /** SHA-256 of the key; the plain key is never stored. */
  keyHash: string;
  userId: string;
  userEmail: string;
  createdAt: Date;
  revokedAt?: Date;
}

export function apiKeyCollection(db: Db): Collection<ApiKeyDocument> {
  return db.collection<ApiKeyDocument>(API_KEYS);
}

export const apiKeyIndexes: CollectionIndexes = {
  collection: API_KEYS,
  indexes: [
    { key: { keyHash: 1 }, unique: true, name: 'key_hash_unique' },
    { key: { userId: 1, createdAt: -1 }, name: 'user_created' },
  ],
};
