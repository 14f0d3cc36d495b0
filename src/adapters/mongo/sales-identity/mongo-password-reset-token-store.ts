import type { Db } from 'mongodb';
import type { PasswordResetTokenStore, ResetTokenConsumption } from '../../../application/sales-identity/ports';
import type { PendingPasswordReset } from '../../../application/shared/password-reset-completion';
import { passwordResetTokenCollection, type PasswordResetTokenDocument } from './password-reset-token-collection';

/** A used token whose reset is not applied yet, as the completion reads it; undefined for any other. */
const pendingOf = (doc: PasswordResetTokenDocument): PendingPasswordReset | undefined =>
  doc.usedAt !== undefined && typeof doc.newPasswordHash === 'string'
    ? { tokenHash: doc._id, userId: doc.userId, passwordHash: doc.newPasswordHash, usedAt: doc.usedAt }
    : undefined;

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

  async consume(tokenHash: string, passwordHash: string, now: Date): Promise<ResetTokenConsumption> {
    const collection = passwordResetTokenCollection(this.db);
    // One conditional write, the reset's commit point: of two concurrent consumptions exactly one
    // matches the unused token, and the used token carries the hash its completion writes.
    const claimed = await collection.findOneAndUpdate(
      { _id: tokenHash, usedAt: { $exists: false }, expiresAt: { $gt: now } },
      { $set: { usedAt: now, newPasswordHash: passwordHash } },
      { returnDocument: 'before' },
    );
    if (claimed !== null) return { outcome: 'consumed', userId: claimed.userId };
    // The losing side only reads, to tell "used" (its reset pending or applied) from "expired" from "never existed".
    const existing = await collection.findOne({ _id: tokenHash });
    if (existing === null) return { outcome: 'unknown' };
    if (existing.usedAt === undefined) return { outcome: 'expired' };
    const pending = pendingOf(existing);
    return pending === undefined ? { outcome: 'already-used' } : { outcome: 'pending', reset: pending };
  }

  async markApplied(tokenHash: string): Promise<void> {
    await passwordResetTokenCollection(this.db).updateOne({ _id: tokenHash }, { $unset: { newPasswordHash: '' } });
  }

  async pending(usedBefore: Date, limit: number, from?: Date): Promise<readonly PendingPasswordReset[]> {
    const docs = await passwordResetTokenCollection(this.db)
      .find({
        newPasswordHash: { $type: 'string' },
        usedAt: from === undefined ? { $lte: usedBefore } : { $gte: from, $lte: usedBefore },
      })
      .sort({ usedAt: 1 })
      .limit(limit)
      .toArray();
    return docs.flatMap((doc) => pendingOf(doc) ?? []);
  }
}
