import type { Db } from 'mongodb';
import type { HubRefreshTokenStore, RotationOutcome } from '../../../application/hub-identity/ports';
import type { RefreshTokenRecord } from '../../../domain/hub-identity/refresh-token';
import { isDuplicateKey, isWriteConflict } from '../shared/mongo-errors';
import {
  HUB_REFRESH_ROTATIONS,
  HUB_REFRESH_TOKENS,
  refreshTokenFromDocument,
  refreshTokenToDocument,
  type RefreshTokenDocument,
  type RotationDocument,
} from './hub-refresh-token-collection';

export class MongoHubRefreshTokenStore implements HubRefreshTokenStore {
  constructor(private readonly db: Db) {}

  private get tokens() {
    return this.db.collection<RefreshTokenDocument>(HUB_REFRESH_TOKENS);
  }

  private get rotations() {
    return this.db.collection<RotationDocument>(HUB_REFRESH_ROTATIONS);
  }

  async create(record: RefreshTokenRecord): Promise<void> {
    await this.tokens.insertOne(refreshTokenToDocument(record));
  }

  async findByHash(tokenHash: string): Promise<RefreshTokenRecord | undefined> {
    const doc = await this.tokens.findOne({ tokenHash });
    return doc === null ? undefined : refreshTokenFromDocument(doc);
  }

  async findById(id: string): Promise<RefreshTokenRecord | undefined> {
    const doc = await this.tokens.findOne({ _id: id });
    return doc === null ? undefined : refreshTokenFromDocument(doc);
  }

  /**
   * Two steps, each atomic on any server:
   * 1. the claim: a document whose `_id` is the presented token's id. The unique `_id` index lets
   *    exactly one of any number of concurrent rotations insert it; the others are 'lost' and write
   *    nothing. (A conditional update inside a transaction is not enough on its own: jongodb, the
   *    embedded test server, does not detect write conflicts between transactions.)
   * 2. the claim's owner, in one transaction, revokes the presented token (only if still active:
   *    logout, a reuse revocation or a reset may have revoked it meanwhile) with replacedBy and inserts
   *    the successor.
   * A fault between the steps leaves a claimed, never-rotated token: its next refresh is 'lost', i.e.
   * treated as reuse and the user logs in again. Failing closed is the safe side for a credential.
   */
  async rotate(presentedId: string, successor: RefreshTokenRecord, now: Date): Promise<RotationOutcome> {
    try {
      await this.rotations.insertOne({ _id: presentedId, successorId: successor.id, at: now });
    } catch (error) {
      if (isDuplicateKey(error)) return 'lost';
      throw error;
    }
    const session = this.db.client.startSession();
    try {
      session.startTransaction();
      const revoked = await this.tokens.updateOne(
        { _id: presentedId, revokedAt: null, expiresAt: { $gt: now } },
        { $set: { revokedAt: now, replacedBy: successor.id } },
        { session },
      );
      if (revoked.matchedCount !== 1) {
        await session.abortTransaction();
        return await this.afterRevokedUnderUs(presentedId, successor, now);
      }
      await this.tokens.insertOne(refreshTokenToDocument(successor), { session });
      await session.commitTransaction();
    } catch (error) {
      if (session.inTransaction()) await session.abortTransaction().catch(() => undefined);
      if (isWriteConflict(error)) return 'lost';
      throw error;
    } finally {
      await session.endSession();
    }
    // A loser that judged its replay as reuse while we were committing may have revoked the family
    // before our successor was visible; it marked the claim first, so we revoke the successor ourselves.
    // The rotation itself did happen (this request won), exactly as if the revocation had come after it.
    const claim = await this.rotations.findOne({ _id: presentedId });
    if (claim?.contestedAt !== undefined) await this.revoke(successor.id, now);
    return 'rotated';
  }

  /**
   * We own the claim but the presented token was revoked before our transaction. If a replay of this
   * very token did it (it marks the claim before revoking the family), the race is still ours: the
   * rotation is recorded with a successor born revoked, as if the replay had come just after us. Any
   * other revocation (logout, reset, reuse elsewhere) means there is nothing to rotate.
   */
  private async afterRevokedUnderUs(
    presentedId: string,
    successor: RefreshTokenRecord,
    now: Date,
  ): Promise<RotationOutcome> {
    const claim = await this.rotations.findOne({ _id: presentedId });
    if (claim?.contestedAt === undefined) return 'lost';
    await this.tokens.updateOne({ _id: presentedId, replacedBy: null }, { $set: { replacedBy: successor.id } });
    await this.tokens.insertOne(refreshTokenToDocument({ ...successor, revokedAt: now }));
    return 'rotated';
  }

  async contest(presentedId: string, now: Date): Promise<void> {
    await this.rotations.updateOne({ _id: presentedId }, { $set: { contestedAt: now } });
  }

  async revoke(id: string, now: Date): Promise<void> {
    await this.tokens.updateOne({ _id: id, revokedAt: null }, { $set: { revokedAt: now } });
  }

  async revokeAllOfUser(userId: string, now: Date): Promise<number> {
    const result = await this.tokens.updateMany({ userId, revokedAt: null }, { $set: { revokedAt: now } });
    return result.modifiedCount;
  }

  async familiesCreatedSince(userId: string, since: Date): Promise<readonly string[]> {
    const docs = await this.tokens.find({ userId, createdAt: { $gte: since } }).toArray();
    return [...new Set(docs.map((doc) => doc.familyId))];
  }
}
