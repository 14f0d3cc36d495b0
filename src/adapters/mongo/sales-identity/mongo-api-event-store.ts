import { MongoBulkWriteError, type Db, type Filter, type WriteError } from 'mongodb';
import type { ApiEventStore } from '../../../application/sales-identity/ports';
import type { ApiEvent, ApiEventFilter } from '../../../domain/sales-identity/api-event';
import { apiEventCollection, type ApiEventDocument } from './api-event-collection';
import { apiEventFromDocument, apiEventToDocument } from './api-event-mapper';
import { isDuplicateKey } from '../shared/mongo-errors';

const isDuplicateCode = (code: unknown): boolean => code === 11000 || code === 11001;

export class MongoApiEventStore implements ApiEventStore {
  constructor(private readonly db: Db) {}

  /**
   * Idempotent by id (the event log retries a failed batch, CONTRACT 9.5): an event already stored
   * (a retried batch that was partly inserted) counts as written. Any other failure rejects, and
   * the whole batch may be appended again.
   */
  async append(events: readonly ApiEvent[]): Promise<void> {
    if (events.length === 0) return;
    try {
      // Unordered: one refused document does not stop the rest of the batch.
      await apiEventCollection(this.db).insertMany(events.map(apiEventToDocument), { ordered: false });
    } catch (error) {
      if (!isDuplicateOnly(error)) throw error;
      // mongod inserts every other document of an unordered batch and lists the duplicates; jongodb
      // refuses the whole batch without a list. When the accounts do not add up, the missing ones go one by one.
      if (
        error instanceof MongoBulkWriteError &&
        writeErrorsOf(error).length > 0 &&
        error.result.insertedCount + writeErrorsOf(error).length === events.length
      )
        return;
      await this.insertMissing(events);
    }
  }

  private async insertMissing(events: readonly ApiEvent[]): Promise<void> {
    const collection = apiEventCollection(this.db);
    const stored = await collection
      .find({ _id: { $in: events.map((e) => e.id) } }, { projection: { _id: 1 } })
      .toArray();
    const storedIds = new Set(stored.map((doc) => doc._id));
    for (const event of events) {
      if (storedIds.has(event.id)) continue;
      try {
        await collection.insertOne(apiEventToDocument(event));
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
    }
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

function writeErrorsOf(error: MongoBulkWriteError): readonly WriteError[] {
  const errors: WriteError | readonly WriteError[] = error.writeErrors;
  return Array.isArray(errors) ? (errors as readonly WriteError[]) : [errors as WriteError];
}

/**
 * Refused only for duplicate keys: every write error (or the error itself) is 11000/11001, and no write-concern error.
 */
function isDuplicateOnly(error: unknown): boolean {
  if (!(error instanceof MongoBulkWriteError)) return isDuplicateKey(error);
  if (error.result.getWriteConcernError() !== undefined) return false;
  const writeErrors = writeErrorsOf(error);
  return writeErrors.length === 0 ? isDuplicateCode(error.code) : writeErrors.every((e) => isDuplicateCode(e.code));
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
