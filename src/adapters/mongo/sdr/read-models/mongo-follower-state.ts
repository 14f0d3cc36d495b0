import type { Db } from 'mongodb';
import type { FollowerPosition, FollowerStateStore } from '../../../../application/sdr/read-model-ports';
import { isDuplicateKey } from '../../shared/mongo-errors';
import { followerStateCollection } from './follower-state-collection';

const ID = 'gateway';

/**
 * The follower's position and lease in one document. Taking the lease is one conditional upsert: a
 * lease another holder still runs matches nothing, so the upsert tries to insert a second document
 * with the same `_id` and is refused (E11000). Saving is conditional on holding it.
 */
export class MongoFollowerState implements FollowerStateStore {
  constructor(private readonly db: Db) {}

  private get state() {
    return followerStateCollection(this.db);
  }

  async read(): Promise<FollowerPosition | undefined> {
    const doc = await this.state.findOne({ _id: ID });
    if (doc === null) return undefined;
    return { head: doc.head ?? null, settled: doc.settled ?? null, builtAt: doc.builtAt ?? null };
  }

  async lease(holder: string, now: Date, ttlMs: number): Promise<boolean> {
    const until = new Date(now.getTime() + ttlMs);
    try {
      const result = await this.state.updateOne(
        { _id: ID, $or: [{ holder }, { holder: null }, { leaseUntil: { $lte: now } }] },
        { $set: { holder, leaseUntil: until }, $setOnInsert: { head: null, settled: null, builtAt: null } },
        { upsert: true },
      );
      return result.matchedCount + result.upsertedCount === 1;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  async save(holder: string, fields: Partial<FollowerPosition>): Promise<boolean> {
    const result = await this.state.updateOne({ _id: ID, holder }, { $set: { ...fields } });
    return result.matchedCount === 1;
  }

  async release(holder: string): Promise<void> {
    await this.state.updateOne({ _id: ID, holder }, { $set: { holder: null, leaseUntil: null } });
  }
}
