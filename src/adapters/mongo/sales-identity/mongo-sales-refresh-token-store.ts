import type { Db } from 'mongodb';
import type { SalesRefreshTokenStore, StoredRefreshToken } from '../../../application/sales-identity/ports';
import { salesRefreshTokenCollection } from './sales-refresh-token-collection';

export class MongoSalesRefreshTokenStore implements SalesRefreshTokenStore {
  constructor(private readonly db: Db) {}

  async save(token: StoredRefreshToken & { readonly createdAt: Date }): Promise<void> {
    await salesRefreshTokenCollection(this.db).insertOne({
      _id: token.tokenHash,
      userId: token.userId,
      expiresAt: token.expiresAt,
      createdAt: token.createdAt,
    });
  }

  async findActive(tokenHash: string, now: Date): Promise<StoredRefreshToken | undefined> {
    const doc = await salesRefreshTokenCollection(this.db).findOne({
      _id: tokenHash,
      revokedAt: { $exists: false },
      expiresAt: { $gt: now },
    });
    return doc === null ? undefined : { tokenHash: doc._id, userId: doc.userId, expiresAt: doc.expiresAt };
  }

  async revoke(tokenHash: string, at: Date): Promise<void> {
    await salesRefreshTokenCollection(this.db).updateOne(
      { _id: tokenHash, revokedAt: { $exists: false } },
      { $set: { revokedAt: at } },
    );
  }

  async revokeAllOfUser(userId: string, at: Date): Promise<void> {
    await salesRefreshTokenCollection(this.db).updateMany(
      { userId, revokedAt: { $exists: false } },
      { $set: { revokedAt: at } },
    );
  }

  async usableSince(userId: string, since: Date): Promise<readonly string[]> {
    const docs = await salesRefreshTokenCollection(this.db)
      .find({ userId, expiresAt: { $gt: since } })
      .toArray();
    return docs.filter((doc) => doc.revokedAt === undefined || doc.revokedAt >= since).map((doc) => doc._id);
  }
}
