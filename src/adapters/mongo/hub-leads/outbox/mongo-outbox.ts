import type { Db } from 'mongodb';
import type { Outbox, OutboxMessage } from '../../../../application/hub-leads/ports';
import { isDuplicateKey } from '../../shared/mongo-errors';
import { outboxCollection } from './outbox-collection';
import { outboxMessageFromDocument, outboxMessageToDocument } from './outbox-mapper';

export class MongoOutbox implements Outbox {
  constructor(private readonly db: Db) {}

  async enqueue(message: OutboxMessage): Promise<void> {
    try {
      await outboxCollection(this.db).insertOne(outboxMessageToDocument(message));
    } catch (error) {
      // The id is derived from lead and template: a duplicate is this very message, already queued.
      if (!isDuplicateKey(error)) throw error;
    }
  }

  async listOf(orgId: string): Promise<readonly OutboxMessage[]> {
    const docs = await outboxCollection(this.db).find({ orgId }).sort({ createdAt: 1, _id: 1 }).toArray();
    return docs.map(outboxMessageFromDocument);
  }
}
