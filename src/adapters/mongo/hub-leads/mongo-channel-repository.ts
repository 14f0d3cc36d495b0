import type { Db } from 'mongodb';
import type { ChannelRepository } from '../../../application/hub-leads/ports';
import type { Channel } from '../../../domain/hub-leads/channel';
import { channelFromDocument, channelToDocument, HUB_CHANNELS, type ChannelDocument } from './channel-collection';
import { isDuplicateKey } from '../shared/mongo-errors';

export class MongoChannelRepository implements ChannelRepository {
  constructor(private readonly db: Db) {}

  private get collection() {
    return this.db.collection<ChannelDocument>(HUB_CHANNELS);
  }

  async create(channel: Channel): Promise<boolean> {
    try {
      await this.collection.insertOne(channelToDocument(channel));
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  async listOf(orgId: string): Promise<readonly Channel[]> {
    const docs = await this.collection.find({ orgId }).sort({ createdAt: 1, _id: 1 }).toArray();
    return docs.map(channelFromDocument);
  }
}
