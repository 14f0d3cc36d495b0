import type { ApiKeyRecord } from '../../../domain/sales-identity/api-key';
import type { ApiKeyDocument } from './api-key-collection';

export function apiKeyToDocument(key: ApiKeyRecord): ApiKeyDocument {
  return {
    _id: key.id,
    keyHash: key.keyHash,
    userId: key.userId,
    userEmail: key.userEmail,
    createdAt: key.createdAt,
    ...(key.revokedAt === undefined ? {} : { revokedAt: key.revokedAt }),
  };
}

export function apiKeyFromDocument(doc: ApiKeyDocument): ApiKeyRecord {
  return {
    id: doc._id,
    keyHash: doc.keyHash,
    userId: doc.userId,
    userEmail: doc.userEmail,
    createdAt: doc.createdAt,
    revokedAt: doc.revokedAt ?? undefined,
  };
}
