import type { Collection, Db } from 'mongodb';
import type { CollectionIndexes } from '../shared/collection-indexes';
import { daysInSeconds } from '../shared/expiry/retention';

export const API_EVENT_LOGS = 'api_event_logs';

export interface ApiEventDocument {
  _id: string;
  requestId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  userId?: string;
  ip: string;
  at: Date;
  errorCode?: string;
  errorMessages?: string[];
  /** Counted entries only (CONTRACT 9.5): the number of refused requests, and the last one's time. */
  count?: number;
  lastAt?: Date;
}

export function apiEventCollection(db: Db): Collection<ApiEventDocument> {
  return db.collection<ApiEventDocument>(API_EVENT_LOGS);
}

/**
 * The event log's indexes; entries are removed `retentionDays` after their time (EVENT_LOG_RETENTION_DAYS, CONTRACT
 * 9.4).
 */
export const apiEventIndexes = (retentionDays: number): CollectionIndexes => ({
  collection: API_EVENT_LOGS,
  indexes: [
    // The TTL index. Its key is a prefix of list_order's, so it serves no query list_order does not:
    // giving it the TTL, rather than adding one more index, keeps the busiest insert path lighter.
    { key: { at: -1 }, name: 'at', expireAfterSeconds: daysInSeconds(retentionDays) },
    // The unfiltered audit log in its page order (newest first, then _id): without the tie-breaker in the
    // key, every page is a sort of the whole log.
    { key: { at: -1, _id: -1 }, name: 'list_order' },
    { key: { requestId: 1 }, name: 'request_id' },
    { key: { userId: 1, at: -1 }, name: 'user_at' },
    { key: { status: 1, at: -1 }, name: 'status_at' },
    { key: { path: 1, at: -1 }, name: 'path_at' },
  ],
});
