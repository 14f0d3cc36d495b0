import type { Db } from 'mongodb';
import type { SaleLastEvent, SaleStatusEventStore } from '../../../application/sales/data-checks/ports';
import type { SaleStatusEvent } from '../../../domain/sales/sale';
import { isDuplicateKey } from '../shared/mongo-errors';
import { idText } from '../shared/stored-values';
import { saleStatusEventsCollection, salesCollection } from './sales-collection';

/**
 * The sales' last events and their rows in the status-event log, for `check-data`
 * (sale-status-events), and the insert of a missing row from the sale's `lastEvent`.
 */
export class MongoSaleStatusEventStore implements SaleStatusEventStore {
  constructor(private readonly db: Db) {}

  async *lastEvents(batchSize: number): AsyncIterable<readonly SaleLastEvent[]> {
    let batch: SaleLastEvent[] = [];
    // No index on lastEventId (nothing else queries it): the `_id` order serves this full read. Sales
    // whose last event was recorded before rows had ids carry none and are not judged.
    const cursor = salesCollection(this.db)
      .find({ lastEventId: { $ne: null } }, { sort: { _id: 1 } })
      .batchSize(batchSize);
    for await (const doc of cursor) {
      const event: unknown = doc.lastEvent;
      if (typeof doc.lastEventId !== 'string' || !isStatusEvent(event)) continue;
      batch.push({ saleId: idText(doc._id), eventId: doc.lastEventId, event });
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }

  async stored(eventIds: readonly string[]): Promise<ReadonlySet<string>> {
    if (eventIds.length === 0) return new Set();
    const rows = await saleStatusEventsCollection(this.db)
      .find({ _id: { $in: [...eventIds] } })
      .toArray();
    return new Set(rows.map((row) => idText(row._id)));
  }

  async insertRow(last: SaleLastEvent): Promise<boolean> {
    try {
      await saleStatusEventsCollection(this.db).insertOne({ _id: last.eventId, saleId: last.saleId, ...last.event });
      return true;
    } catch (error) {
      // Stored meanwhile (the sale's next event ensures it first): the row is there, nothing to repair.
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }
}

/** A stored last event: an object with its name and its time (another shape is left alone). */
function isStatusEvent(value: unknown): value is SaleStatusEvent {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.event === 'string' && record.at instanceof Date;
}
