import type { Db } from 'mongodb';
import type { PasswordResetTokenStore, ResetTokenConsumption } from '../../../application/sales-identity/ports';
import type { PendingPasswordReset } from '../../../application/shared/password-reset-completion';
import { pendingResetOf, pendingResets } from '../shared/pending-password-resets';
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

  async consume(tokenHash: string, passwordHash: string, now: Date): Promise<ResetTokenConsumption> {
    const collection = passwordResetTokenCollection(this.db);
    // One conditional updateOne, the reset's commit point: of two concurrent consumptions exactly one
    // matches the unused token (not a findAndModify: jongodb does not re-check its filter as it writes,
    // CONTRACT 1.1), and the used token carries the hash its completion writes.
    const claimed = await collection.updateOne(
      { _id: tokenHash, usedAt: { $exists: false }, expiresAt: { $gt: now } },
      { $set: { usedAt: now, newPasswordHash: passwordHash } },
    );
    const existing = await collection.findOne({ _id: tokenHash });
    if (claimed.modifiedCount === 1 && existing !== null) return { outcome: 'consumed', userId: existing.userId };
    // The losing side tells "used" (its reset pending or applied) from "expired" from "never existed".
    if (existing === null) return { outcome: 'unknown' };
    if (existing.usedAt === undefined) return { outcome: 'expired' };
    const pending = pendingResetOf(existing);
    return pending === undefined ? { outcome: 'already-used' } : { outcome: 'pending', reset: pending };
  }

  async markApplied(tokenHash: string): Promise<void> {
    await passwordResetTokenCollection(this.db).updateOne({ _id: tokenHash }, { $unset: { newPasswordHash: '' } });
  }

  async pending(usedBefore: Date, limit: number, from?: Date): Promise<readonly PendingPasswordReset[]> {
    return pendingResets(passwordResetTokenCollection(this.db), usedBefore, limit, from);
  }
}
