import type { Db } from 'mongodb';
import type { PasswordResetTokenStore, ResetTokenConsumption } from '../../../application/sales-identity/ports';
import { passwordResetTokenCollection } from './password-reset-token-collection';

export class MongoPasswordResetTokenStore implements PasswordResetTokenStore {
  constructor(private readonly db: Db) {}

  async save(token: { tokenHash: string; userId: string; expiresAt: Date; createdAt: Date }): Promise<void> {
    await passwordResetTokenCollection(this.db).insertOne({
      _id: token.tokenHash,
      userId: token.userId,
      expiresAt: token.expiresAt,
      createdAt: token.createdAt,
    });
  }

  async consume(tokenHash: string, now: Date): Promise<ResetTokenConsumption> {
    const collection = passwordResetTokenCollection(this.db);
    // One conditional write: of two concurrent consumptions exactly one matches the unused token.
    const claimed = await collection.findOneAndUpdate(
      { _id: tokenHash, usedAt: { $exists: false }, expiresAt: { $gt: now } },
      { $set: { usedAt: now } },
      { returnDocument: 'before' },
    );
    if (claimed !== null) return { outcome: 'consumed', userId: claimed.userId };
    // The losing side only reads, to tell "used" from "expired" from "never existed".
    const existing = await collection.findOne({ _id: tokenHash });
    if (existing === null) return { outcome: 'unknown' };
    return existing.usedAt !== undefined ? { outcome: 'already-used' } : { outcome: 'expired' };
  }
}
