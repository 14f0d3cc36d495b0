import type { Db } from 'mongodb';
import type { RefreshTokenStore, RotationOutcome } from '../../application/hub/ports';
import type { RefreshTokenRecord } from '../../domain/hub/refresh-token';
import { isDuplicateKey, isWriteConflict } from './hub-mongo-errors';
import {
  HUB_REFRESH_ROTATIONS,
  HUB_REFRESH_TOKENS,
  refreshTokenFromDocument,
  refreshTokenToDocument,
  type RefreshTokenDocument,
  type RotationDocument,
} from './hub-refresh-token-collection';

export class MongoRefreshTokenStore implements RefreshTokenStore {
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
   * One transaction: claim the rotation, revoke the presented token if it is still active, insert the
   * successor. Two guards make "at most one winner" hold on every server:
   * - the claim document's `_id` is the presented token's id, so a second claim is a duplicate key
   *   (the unique _id index holds across concurrent transactions on mongod and on jongodb, whose
   *   transactions do not detect write conflicts on a conditional update);
   * - the conditional update (revokedAt null, not expired) refuses a token revoked or expired by anything else
   *   (reuse revocation, logout, reset), and on mongod a concurrent writer gets a WriteConflict.
   * Any of these means another request got there first: 'lost', with nothing written.
   */
  async rotate(presentedId: string, successor: RefreshTokenRecord, now: Date): Promise<RotationOutcome> {
    const session = this.db.client.startSession();
    try {
      session.startTransaction();
      await this.rotations.insertOne({ _id: presentedId, successorId: successor.id, at: now }, { session });
      const revoked = await this.tokens.updateOne(
        { _id: presentedId, revokedAt: null, expiresAt: { $gt: now } },
        { $set: { revokedAt: now, replacedBy: successor.id } },
        { session },
      );
      if (revoked.matchedCount !== 1) {
        await session.abortTransaction();
        return 'lost';
      }
      await this.tokens.insertOne(refreshTokenToDocument(successor), { session });
      await session.commitTransaction();
      return 'rotated';
    } catch (error) {
      if (session.inTransaction()) await session.abortTransaction().catch(() => undefined);
      if (isDuplicateKey(error) || isWriteConflict(error)) return 'lost';
      throw error;
    } finally {
      await session.endSession();
    }
  }

  async revoke(id: string, now: Date): Promise<void> {
    await this.tokens.updateOne({ _id: id, revokedAt: null }, { $set: { revokedAt: now } });
  }

  async revokeAllOfUser(userId: string, now: Date): Promise<number> {
    const result = await this.tokens.updateMany({ userId, revokedAt: null }, { $set: { revokedAt: now } });
    return result.modifiedCount;
  }

  async activeOfUser(userId: string, now: Date): Promise<readonly RefreshTokenRecord[]> {
    const docs = await this.tokens.find({ userId, revokedAt: null, expiresAt: { $gt: now } }).toArray();
    return docs.map(refreshTokenFromDocument);
  }
}
