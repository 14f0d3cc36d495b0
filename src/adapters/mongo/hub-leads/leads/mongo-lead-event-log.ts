import type { Db } from 'mongodb';
import type { LeadEventLog, LeadEventRecord, ReceiptClaim } from '../../../../application/hub-leads/ports';
import type { LeadProvider } from '../../../../domain/hub-leads/lead';
import { isDuplicateKey } from '../../shared/mongo-errors';
import { leadEventCollection } from './lead-event-collection';
import { leadEventFromDocument, leadEventToDocument } from './lead-event-mapper';
import {
  webhookReceiptCollection,
  webhookReceiptKey,
  type WebhookReceiptDocument,
} from '../webhooks/webhook-receipt-collection';

export class MongoLeadEventLog implements LeadEventLog {
  constructor(private readonly db: Db) {}

  /** A recent receipt counts only once its event is stored (one `_id` read, on the redelivery path only). */
  async recentDelivery(
    orgId: string,
    provider: LeadProvider,
    bodyHash: string,
    now: Date,
    windowMs: number,
  ): Promise<string | undefined> {
    const receipt = await webhookReceiptCollection(this.db).findOne({
      _id: webhookReceiptKey(orgId, provider, bodyHash),
    });
    if (receipt === null || receipt.receivedAt.getTime() <= now.getTime() - windowMs) return undefined;
    return (await this.complete(receipt)) ? receipt.leadId : undefined;
  }

  /**
   * The receipt's unique `_id` decides between concurrent twins of one body, and the receipt names
   * the event its delivery stores next (`eventId`, the event's `_id`). A receipt older than the window
   * is taken over with a conditional update on its old time (a lost race there only means one more log
   * entry, never a second lead). A recent receipt whose event is missing is a delivery that died
   * between the two writes: this delivery (the same body) stores the event under the receipt's id.
   * The event's `_id` decides who stored it: the one whose insert lands is 'claimed'.
   */
  async append(event: LeadEventRecord, windowMs: number): Promise<ReceiptClaim> {
    const receipts = webhookReceiptCollection(this.db);
    const _id = webhookReceiptKey(event.orgId, event.provider, event.bodyHash);
    let eventId = event.id;
    let leadId = event.leadId;
    try {
      await receipts.insertOne({ _id, leadId: event.leadId, receivedAt: event.receivedAt, eventId: event.id });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const receipt = await receipts.findOne({ _id });
      if (receipt === null) throw new Error(`receipt ${_id} vanished`);
      if (receipt.receivedAt.getTime() > event.receivedAt.getTime() - windowMs) {
        if (receipt.eventId === undefined || (await this.complete(receipt)))
          return { kind: 'recent', leadId: receipt.leadId };
        eventId = receipt.eventId;
        leadId = receipt.leadId;
      } else {
        const taken = await receipts.updateOne(
          { _id, receivedAt: receipt.receivedAt },
          { $set: { receivedAt: event.receivedAt, leadId: event.leadId, eventId: event.id } },
        );
        if (taken.modifiedCount !== 1) return { kind: 'recent', leadId: receipt.leadId };
      }
    }
    try {
      await leadEventCollection(this.db).insertOne(leadEventToDocument({ ...event, id: eventId }));
    } catch (error) {
      // A twin completing the same receipt stored it first.
      if (isDuplicateKey(error)) return { kind: 'recent', leadId };
      throw error;
    }
    return { kind: 'claimed' };
  }

  async listOf(leadId: string): Promise<readonly LeadEventRecord[]> {
    const docs = await leadEventCollection(this.db).find({ leadId }).sort({ receivedAt: 1, _id: 1 }).toArray();
    return docs.map(leadEventFromDocument);
  }

  /** Whether the receipt's event is stored (a receipt without `eventId` predates it: complete). */
  private async complete(receipt: WebhookReceiptDocument): Promise<boolean> {
    if (receipt.eventId === undefined) return true;
    return (await leadEventCollection(this.db).findOne({ _id: receipt.eventId }, { projection: { _id: 1 } })) !== null;
  }
}
