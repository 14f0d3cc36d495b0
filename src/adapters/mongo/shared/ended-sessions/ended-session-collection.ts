import type { Collection, Db } from 'mongodb';
import type { CollectionIndexes } from '../collection-indexes';

/** CONTRACT 11.2: each service's ended sessions (the sales and the hub `sid`s live apart). */
export const SALES_ENDED_SESSIONS = 'sales_ended_sessions';
export const HUB_ENDED_SESSIONS = 'hub_ended_sessions';

export interface EndedSessionDocument {
  /** The session id (`sid` of its access tokens). */
  _id: string;
  endedAt: Date;
  /** When the last access token of the session has expired: the TTL index removes the entry then. */
  expiresAt: Date;
}

export function endedSessionCollection(db: Db, name: string): Collection<EndedSessionDocument> {
  return db.collection<EndedSessionDocument>(name);
}

export const endedSessionIndexes = (collection: string): CollectionIndexes => ({
  collection,
  indexes: [
    // Every copy reads what was ended since its last read, every second (EndedSessionList).
    { key: { endedAt: 1 }, name: 'ended' },
    // The list is bounded by the tokens' lifetime: an entry goes when no token of its session can be valid.
    { key: { expiresAt: 1 }, name: 'expiry_ttl', expireAfterSeconds: 0 },
  ],
});
