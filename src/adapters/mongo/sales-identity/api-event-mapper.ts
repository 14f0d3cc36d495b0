import type { ApiEvent } from '../../../domain/sales-identity/api-event';
import type { ApiEventDocument } from './api-event-collection';

export function apiEventToDocument(event: ApiEvent): ApiEventDocument {
  return {
    _id: event.id,
    requestId: event.requestId,
    method: event.method,
    path: event.path,
    status: event.status,
    durationMs: event.durationMs,
    ...(event.userId === undefined ? {} : { userId: event.userId }),
    ip: event.ip,
    at: event.at,
    ...(event.errorCode === undefined ? {} : { errorCode: event.errorCode }),
    ...(event.errorMessages === undefined ? {} : { errorMessages: [...event.errorMessages] }),
    ...(event.count === undefined ? {} : { count: event.count }),
    ...(event.lastAt === undefined ? {} : { lastAt: event.lastAt }),
  };
}

export function apiEventFromDocument(doc: ApiEventDocument): ApiEvent {
  return {
    id: doc._id,
    requestId: doc.requestId,
    method: doc.method,
    path: doc.path,
    status: doc.status,
    durationMs: doc.durationMs,
    userId: doc.userId ?? undefined,
    ip: doc.ip,
    at: doc.at,
    errorCode: doc.errorCode ?? undefined,
    errorMessages: doc.errorMessages ?? undefined,
    // Only counted entries have these; an entry without them stands for one request.
    ...(doc.count === undefined || doc.count === null ? {} : { count: doc.count }),
    ...(doc.lastAt === undefined || doc.lastAt === null ? {} : { lastAt: doc.lastAt }),
  };
}
