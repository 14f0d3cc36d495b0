import type { Db } from 'mongodb';
import type { WebhookReceiptRecord, WebhookReceiptStore } from '../../../../application/hub-leads/data-checks/ports';
import { asDate, idText } from '../../shared/stored-values';
import { leadEventCollection } from '../leads/lead-event-collection';
import { webhookReceiptCollection } from './webhook-receipt-collection';

/** The hub's webhook receipts and the raw events they name, for `check-data` (lead-raw-events). Reads only. */
export class MongoWebhookReceiptStore implements WebhookReceiptStore {
  constructor(private readonly db: Db) {}

  async *receipts(batchSize: number): AsyncIterable<readonly WebhookReceiptRecord[]> {
    let batch: WebhookReceiptRecord[] = [];
    for await (const doc of webhookReceiptCollection(this.db)
      .find({}, { sort: { _id: 1 } })
      .batchSize(batchSize)) {
      const eventId: unknown = doc.eventId;
      batch.push({
        id: idText(doc._id),
        eventId: typeof eventId === 'string' ? eventId : undefined,
        receivedAt: asDate(doc.receivedAt),
      });
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }

  async existingEvents(ids: readonly string[]): Promise<ReadonlySet<string>> {
    if (ids.length === 0) return new Set();
    const docs = await leadEventCollection(this.db)
      .find({ _id: { $in: [...ids] } }, { projection: { _id: 1 } })
      .toArray();
    return new Set(docs.map((doc) => idText(doc._id)));
  }
}
