import type { Db } from 'mongodb';
import type { EndedSession, EndedSessionStore } from '../../../../application/shared/ports';
import { endedSessionCollection } from './ended-session-collection';

/** One service's ended sessions (`sales_ended_sessions` or `hub_ended_sessions`), keyed by session id. */
export class MongoEndedSessionStore implements EndedSessionStore {
  constructor(
    private readonly db: Db,
    private readonly collection: string,
  ) {}

  async end(sessions: readonly EndedSession[]): Promise<void> {
    if (sessions.length === 0) return;
    // Upserts keyed by the session id: repeating an end (a retried logout) writes the same document.
    await endedSessionCollection(this.db, this.collection).bulkWrite(
      sessions.map(({ sessionId, endedAt, expiresAt }) => ({
        updateOne: { filter: { _id: sessionId }, update: { $set: { endedAt, expiresAt } }, upsert: true },
      })),
      { ordered: false },
    );
  }

  async endedSince(since: Date, now: Date): Promise<readonly EndedSession[]> {
    const docs = await endedSessionCollection(this.db, this.collection)
      .find({ endedAt: { $gte: since }, expiresAt: { $gt: now } })
      .sort({ endedAt: 1 })
      .toArray();
    return docs.map((doc) => ({ sessionId: doc._id, endedAt: doc.endedAt, expiresAt: doc.expiresAt }));
  }
}
