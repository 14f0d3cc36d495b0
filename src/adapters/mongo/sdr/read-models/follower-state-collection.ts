import type { Collection, Db } from 'mongodb';
import type { CollectionIndexes } from '../../shared/collection-indexes';

export const SDR_FOLLOWER = 'sdr_follower';

/** The gateway follower's document of one gateway store (followerStateId): its position and its lease. */
export interface FollowerDocument {
  _id: string;
  head: string | null;
  settled: string | null;
  builtAt: Date | null;
  holder: string | null;
  leaseUntil: Date | null;
}

export const followerStateCollection = (db: Db): Collection<FollowerDocument> =>
  db.collection<FollowerDocument>(SDR_FOLLOWER);

/** Read by `_id` only. */
export const followerStateIndexes: CollectionIndexes = { collection: SDR_FOLLOWER, indexes: [] };
