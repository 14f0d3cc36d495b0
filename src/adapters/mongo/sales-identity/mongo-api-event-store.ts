import type { Db, Filter } from 'mongodb';
import type { ApiEventStore } from '../../../application/sales-identity/ports';
import type { ApiEvent, ApiEventFilter } from '../../../domain/sales-identity/api-event';
import { apiEventCollection, type ApiEventDocument } from './api-event-collection';
import { apiEventFromDocument, apiEventToDocument } from './api-event-mapper';
import { insertTolerant } from '../shared/tolerant-insert';

export class MongoApiEventStore implements ApiEventStore {
  constructor(private readonly db: Db) {}

  /**
   * Idempotent by id (the event log retries a failed batch, CONTRACT 9.5): an event already stored
   * (a retried batch that was partly inserted) counts as written. Any other failure rejects, and
   * the whole batch may be appended again.
   */
  async append(events: readonly ApiEvent[]): Promise<void> {
    if (events.length === 0) return;
    await insertTolerant(apiEventCollection(this.db), events.map(apiEventToDocument));
  }

  async list(
    filter: ApiEventFilter,
    page: { skip: number; limit: number },
  ): Promise<{ items: readonly ApiEvent[]; total: number }> {
    const query = toQuery(filter);
    const collection = apiEventCollection(this.db);
    const [docs, total] = await Promise.all([
      collection.find(query).sort({ at: -1, _id: -1 }).skip(page.skip).limit(page.limit).toArray(),
      collection.countDocuments(query),
    ]);
    return { items: docs.map(apiEventFromDocument), total };
  }

  async findById(id: string): Promise<ApiEvent | undefined> {
    const doc = await apiEventCollection(this.db).findOne({ _id: id });
    return doc === null ? undefined : apiEventFromDocument(doc);
  }
}

/** Every filter value is a decoded string, number or Date: nothing from the request becomes an operator. */
function toQuery(filter: ApiEventFilter): Filter<ApiEventDocument> {
  const query: Filter<ApiEventDocument> = {};
  if (filter.dateFrom !== undefined || filter.dateTo !== undefined) {
    query.at = {
      ...(filter.dateFrom === undefined ? {} : { $gte: filter.dateFrom }),
      ...(filter.dateTo === undefined ? {} : { $lte: filter.dateTo }),
    };
  }
  if (filter.status !== undefined) query.status = filter.status;
  if (filter.path !== undefined) query.path = filter.path;
  if (filter.userId !== undefined) query.userId = filter.userId;
  if (filter.requestId !== undefined) query.requestId = filter.requestId;
  return query;
}
