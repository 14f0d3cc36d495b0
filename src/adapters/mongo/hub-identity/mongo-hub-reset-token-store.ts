import type { Db } from 'mongodb';
import type {
  HubResetConsumption,
  HubResetTokenRecord,
  HubResetTokenStore,
} from '../../../application/hub-identity/ports';
import type { PendingPasswordReset } from '../../../application/shared/password-reset-completion';
import { pendingResetOf, pendingResets } from '../shared/pending-password-resets';
import { HUB_RESET_TOKENS, type ResetTokenDocument } from './hub-reset-token-collection';

export class MongoHubResetTokenStore implements HubResetTokenStore {
  constructor(private readonly db: Db) {}

  private get collection() {
    return this.db.collection<ResetTokenDocument>(HUB_RESET_TOKENS);
  }

  async create(record: HubResetTokenRecord): Promise<void> {
    await this.collection.insertOne({
      _id: record.tokenHash,
      userId: record.userId,
      expiresAt: record.expiresAt,
      usedAt: record.usedAt,
    });
  }

  async consume(tokenHash: string, passwordHash: string, now: Date): Promise<HubResetConsumption> {
    // A conditional single-document update is the one atomic step (findOneAndUpdate is not atomic on
    // jongodb): of two concurrent resets with one token, one modifies the document, the other sees it
    // used. It is the reset's commit point: the used token carries the hash its completion writes.
    const claimed = await this.collection.updateOne(
      { _id: tokenHash, usedAt: null, expiresAt: { $gt: now } },
      { $set: { usedAt: now, newPasswordHash: passwordHash } },
    );
    const doc = await this.collection.findOne({ _id: tokenHash });
    if (claimed.modifiedCount === 1 && doc !== null) return { kind: 'consumed', userId: doc.userId };
    if (doc !== null && doc.usedAt !== null) {
      const pending = pendingResetOf(doc);
      return pending === undefined ? { kind: 'already-used' } : { kind: 'pending', reset: pending };
    }
    return { kind: 'invalid' };
  }

  async markApplied(tokenHash: string): Promise<void> {
    await this.collection.updateOne({ _id: tokenHash }, { $unset: { newPasswordHash: '' } });
  }

  async pending(usedBefore: Date, limit: number, from?: Date): Promise<readonly PendingPasswordReset[]> {
    return pendingResets(this.collection, usedBefore, limit, from);
  }
}
