import type { Collection, Db } from 'mongodb';
import type { CollectionIndexes } from '../shared/collection-indexes';

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
}

export function apiEventCollection(db: Db): Collection<ApiEventDocument> {
  return db.collection<ApiEventDocument>(API_EVENT_LOGS);
}

export const apiEventIndexes: CollectionIndexes = {
  collection: API_EVENT_LOGS,
  indexes: [
    { key: { at: -1 }, name: 'at' },
    // The unfiltered audit log in its page order (newest first, then _id): without the tie-breaker in the
    // key, every page is a sort of the whole log.
    { key: { at: -1, _id: -1 }, name: 'list_order' },
    { key: { requestId: 1 }, name: 'request_id' },
    { key: { userId: 1, at: -1 }, name: 'user_at' },
    { key: { status: 1, at: -1 }, name: 'status_at' },
    { key: { path: 1, at: -1 }, name: 'path_at' },
  ],
};
