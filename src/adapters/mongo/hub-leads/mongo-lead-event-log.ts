import type { Db } from 'mongodb';
import type { LeadEventLog, LeadEventRecord, ReceiptClaim } from '../../../application/hub-leads/ports';
import { LEAD_PROVIDERS, type LeadProvider } from '../../../domain/hub-leads/lead';
import { HUB_LEAD_EVENTS, HUB_WEBHOOK_RECEIPTS, receiptKey, type LeadEventDocument, type ReceiptDocument } from './lead-event-collection';
import { isDuplicateKey } from '../shared/mongo-errors';

export class MongoLeadEventLog implements LeadEventLog {
  constructor(private readonly db: Db) {}

  private get events() {
    return this.db.collection<LeadEventDocument>(HUB_LEAD_EVENTS);
  }

  private get receipts() {
    return this.db.collection<ReceiptDocument>(HUB_WEBHOOK_RECEIPTS);
  }

  async recentDelivery(orgId: string, provider: LeadProvider, bodyHash: string, now: Date, windowMs: number): Promise<string | undefined> {
    const receipt = await this.receipts.findOne({ _id: receiptKey(orgId, provider, bodyHash) });
    return receipt !== null && receipt.receivedAt.getTime() > now.getTime() - windowMs ? receipt.leadId : undefined;
  }

  /**
   * The receipt's unique `_id` decides between concurrent twins of one body: only the inserter
   * appends the event. A receipt older than the window is taken over with a conditional update on
   * its old time (a lost race there only means one more log entry, never a second lead).
   */
  async append(event: LeadEventRecord, windowMs: number): Promise<ReceiptClaim> {
    const _id = receiptKey(event.orgId, event.provider, event.bodyHash);
    let claimed = false;
    try {
      await this.receipts.insertOne({ _id, leadId: event.leadId, receivedAt: event.receivedAt });
      claimed = true;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const receipt = await this.receipts.findOne({ _id });
      if (receipt === null) throw new Error(`receipt ${_id} vanished`);
      if (receipt.receivedAt.getTime() > event.receivedAt.getTime() - windowMs) return { kind: 'recent', leadId: receipt.leadId };
      const taken = await this.receipts.updateOne({ _id, receivedAt: receipt.receivedAt }, { $set: { receivedAt: event.receivedAt, leadId: event.leadId } });
      claimed = taken.modifiedCount === 1;
      if (!claimed) return { kind: 'recent', leadId: receipt.leadId };
    }
    await this.events.insertOne({ _id: event.id, ...withoutId(event) });
    return { kind: 'claimed' };
  }

  async listOf(leadId: string): Promise<readonly LeadEventRecord[]> {
    const docs = await this.events.find({ leadId }).sort({ receivedAt: 1, _id: 1 }).toArray();
    return docs.map((d) => {
      if (!(LEAD_PROVIDERS as readonly string[]).includes(d.provider)) throw new Error(`lead event ${d._id} has an unknown provider`);
      return { id: d._id, orgId: d.orgId, leadId: d.leadId, provider: d.provider as LeadProvider, action: d.action, rawBody: d.rawBody, bodyHash: d.bodyHash, receivedAt: d.receivedAt };
    });
  }
}

function withoutId(event: LeadEventRecord): Omit<LeadEventDocument, '_id'> {
  const { id: _ignored, ...rest } = event;
  return rest;
}
