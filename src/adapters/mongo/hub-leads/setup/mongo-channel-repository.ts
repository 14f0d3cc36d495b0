import type { Db } from 'mongodb';
import type { ChannelRepository } from '../../../../application/hub-leads/ports';
import type { Channel } from '../../../../domain/hub-leads/channel';
import { isDuplicateKey } from '../../shared/mongo-errors';
import { channelCollection } from './channel-collection';
import { channelFromDocument, channelToDocument } from './channel-mapper';

export class MongoChannelRepository implements ChannelRepository {
  constructor(private readonly db: Db) {}

  async create(channel: Channel): Promise<boolean> {
    try {
      await channelCollection(this.db).insertOne(channelToDocument(channel));
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  async listOf(orgId: string): Promise<readonly Channel[]> {
    const docs = await channelCollection(this.db).find({ orgId }).sort({ createdAt: 1, _id: 1 }).toArray();
    return docs.map(channelFromDocument);
  }
}
