import type { Db } from 'mongodb';
import type { LeadEventLog, LeadEventRecord, ReceiptClaim } from '../../../application/hub-leads/ports';
import type { LeadProvider } from '../../../domain/hub-leads/lead';
import { isDuplicateKey } from '../shared/mongo-errors';
import { leadEventCollection } from './lead-event-collection';
import { leadEventFromDocument, leadEventToDocument } from './lead-event-mapper';
import { webhookReceiptCollection, webhookReceiptKey } from './webhook-receipt-collection';

export class MongoLeadEventLog implements LeadEventLog {
  constructor(private readonly db: Db) {}

  async recentDelivery(orgId: string, provider: LeadProvider, bodyHash: string, now: Date, windowMs: number): Promise<string | undefined> {
    const receipt = await webhookReceiptCollection(this.db).findOne({ _id: webhookReceiptKey(orgId, provider, bodyHash) });
    return receipt !== null && receipt.receivedAt.getTime() > now.getTime() - windowMs ? receipt.leadId : undefined;
  }

  /**
   * The receipt's unique `_id` decides between concurrent twins of one body: only the inserter
   * appends the event. A receipt older than the window is taken over with a conditional update on
   * its old time (a lost race there only means one more log entry, never a second lead).
   */
  async append(event: LeadEventRecord, windowMs: number): Promise<ReceiptClaim> {
    const receipts = webhookReceiptCollection(this.db);
    const _id = webhookReceiptKey(event.orgId, event.provider, event.bodyHash);
    try {
      await receipts.insertOne({ _id, leadId: event.leadId, receivedAt: event.receivedAt });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const receipt = await receipts.findOne({ _id });
      if (receipt === null) throw new Error(`receipt ${_id} vanished`);
      if (receipt.receivedAt.getTime() > event.receivedAt.getTime() - windowMs) return { kind: 'recent', leadId: receipt.leadId };
      const taken = await receipts.updateOne({ _id, receivedAt: receipt.receivedAt }, { $set: { receivedAt: event.receivedAt, leadId: event.leadId } });
      if (taken.modifiedCount !== 1) return { kind: 'recent', leadId: receipt.leadId };
    }
    await leadEventCollection(this.db).insertOne(leadEventToDocument(event));
    return { kind: 'claimed' };
  }

  async listOf(leadId: string): Promise<readonly LeadEventRecord[]> {
    const docs = await leadEventCollection(this.db).find({ leadId }).sort({ receivedAt: 1, _id: 1 }).toArray();
    return docs.map(leadEventFromDocument);
  }
}
