import type { Db } from 'mongodb';
import type { ApiKeyRepository } from '../../../application/sales-identity/ports';
import type { ApiKeyRecord } from '../../../domain/sales-identity/api-key';
import { apiKeyCollection } from './api-key-collection';
import { apiKeyFromDocument, apiKeyToDocument } from './api-key-mapper';

export class MongoApiKeyRepository implements ApiKeyRepository {
  constructor(private readonly db: Db) {}

  async save(key: ApiKeyRecord): Promise<void> {
    await apiKeyCollection(this.db).insertOne(apiKeyToDocument(key));
  }

  async findActiveByHash(keyHash: string): Promise<ApiKeyRecord | undefined> {
    const doc = await apiKeyCollection(this.db).findOne({ keyHash, revokedAt: { $exists: false } });
    return doc === null ? undefined : apiKeyFromDocument(doc);
  }

  async findById(id: string): Promise<ApiKeyRecord | undefined> {
    const doc = await apiKeyCollection(this.db).findOne({ _id: id });
    return doc === null ? undefined : apiKeyFromDocument(doc);
  }

  async list(userId: string | undefined): Promise<readonly ApiKeyRecord[]> {
    const docs = await apiKeyCollection(this.db)
      .find(userId === undefined ? {} : { userId })
      .sort({ createdAt: -1, _id: 1 })
      .toArray();
    return docs.map(apiKeyFromDocument);
  }

  async revoke(id: string, at: Date): Promise<void> {
    await apiKeyCollection(this.db).updateOne({ _id: id, revokedAt: { $exists: false } }, { $set: { revokedAt: at } });
  }
}
