import type { Db } from 'mongodb';
import type { FollowerPosition, FollowerStateStore } from '../../../../application/sdr/read-model-ports';
import { isDuplicateKey } from '../../shared/mongo-errors';
import { followerStateCollection } from './follower-state-collection';
import type { ReadModelSource } from './read-model-source';

/**
 * The follower's position and lease in one document. Taking the lease is one conditional upsert: a
 * lease another holder still runs matches nothing, so the upsert tries to insert a second document
 * with the same `_id` and is refused (E11000). Saving is conditional on holding it. One document per
 * gateway store (`_id` the source's `gateway`): a store configured anew starts with no position, so
 * the models of that store are built on start.
 */
export class MongoFollowerState implements FollowerStateStore {
  private readonly id: string;

  constructor(
    private readonly db: Db,
    source: ReadModelSource,
  ) {
    this.id = followerStateId(source);
  }

  private get state() {
    return followerStateCollection(this.db);
  }

  async read(): Promise<FollowerPosition | undefined> {
    const doc = await this.state.findOne({ _id: this.id });
    if (doc === null) return undefined;
    return { head: doc.head ?? null, settled: doc.settled ?? null, builtAt: doc.builtAt ?? null };
  }

  async lease(holder: string, now: Date, ttlMs: number): Promise<boolean> {
    const until = new Date(now.getTime() + ttlMs);
    try {
      const result = await this.state.updateOne(
        { _id: this.id, $or: [{ holder }, { holder: null }, { leaseUntil: { $lte: now } }] },
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
    const result = await this.state.updateOne({ _id: this.id, holder }, { $set: { ...fields } });
    return result.matchedCount === 1;
  }

  async release(holder: string): Promise<void> {
    await this.state.updateOne({ _id: this.id, holder }, { $set: { holder: null, leaseUntil: null } });
  }
}

/** The follower document of a gateway store. */
export const followerStateId = (source: ReadModelSource): string => source.idOf('gateway');
