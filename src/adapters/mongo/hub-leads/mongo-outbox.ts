import type { Db } from 'mongodb';
import type { Outbox, OutboxMessage } from '../../../application/hub-leads/ports';
import { HUB_OUTBOX, type OutboxDocument } from './outbox-collection';
import { isDuplicateKey } from '../shared/mongo-errors';

export class MongoOutbox implements Outbox {
  constructor(private readonly db: Db) {}

  private get collection() {
    return this.db.collection<OutboxDocument>(HUB_OUTBOX);
  }

  async enqueue(message: OutboxMessage): Promise<void> {
    try {
      await this.collection.insertOne({ _id: message.id, orgId: message.orgId, leadId: message.leadId, templateId: message.templateId, to: message.to, text: message.text, status: 'pending', createdAt: message.createdAt });
    } catch (error) {
      // The id is derived from lead and template: a duplicate is this very message, already queued.
      if (!isDuplicateKey(error)) throw error;
    }
  }

  async listOf(orgId: string): Promise<readonly OutboxMessage[]> {
    const docs = await this.collection.find({ orgId }).sort({ createdAt: 1, _id: 1 }).toArray();
    return docs.map((d) => ({ id: d._id, orgId: d.orgId, leadId: d.leadId, templateId: d.templateId, to: d.to, text: d.text, createdAt: d.createdAt }));
  }
}
