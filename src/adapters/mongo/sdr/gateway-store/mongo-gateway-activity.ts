import type { Document } from 'mongodb';
import { projectedRead } from '../../shared/projected-read';
import type { ChatMessageTime, ChatRef, GatewayActivity } from '../../../../application/sdr/ports';
import { ONE_TO_ONE_JID_PATTERN } from '../../../../domain/sdr/gateway-message';
import { BATCH, MESSAGE_TIME, messageTimeOf, NamedChatLookups, RECORD_SHAPE } from './gateway-messages';

/** The KPI's message times (CONTRACT 8.3): a period's messages and the replies around it. */
export class MongoGatewayActivity extends NamedChatLookups implements GatewayActivity {
  async *messagesBetween(range: { readonly from: Date; readonly to: Date }): AsyncIterable<ChatMessageTime> {
    const filter = {
      messageTimestamp: { $gte: range.from.getTime() / 1000, $lte: range.to.getTime() / 1000 },
      'key.remoteJid': { $regex: ONE_TO_ONE_JID_PATTERN },
      ...RECORD_SHAPE,
    };
    const cursor = projectedRead(this.messages, filter, MESSAGE_TIME, {
      sort: { messageTimestamp: 1, 'key.fromMe': 1 },
      batchSize: BATCH,
    });
    for await (const doc of cursor) {
      const message = messageTimeOf(doc);
      if (message !== undefined) yield message;
    }
  }

  async firstRepliesAfter(chats: readonly ChatRef[], after: Date): Promise<ChatMessageTime[]> {
    return this.onePerChat(
      chats,
      { 'key.fromMe': true, messageTimestamp: { $gt: after.getTime() / 1000 } },
      { messageTimestamp: 1 },
    );
  }

  async lastMessagesBefore(chats: readonly ChatRef[], before: Date): Promise<ChatMessageTime[]> {
    return this.onePerChat(
      chats,
      { messageTimestamp: { $lt: before.getTime() / 1000 } },
      { messageTimestamp: -1, 'key.fromMe': -1 },
    );
  }

  /**
   * The first message of each chat in `sort` order among those matching `match`, grouped with
   * `$first` in the database: one pipeline per instance. Up to `namedChats` it names them (`$in`,
   * index `brokerhub_chat_newest`); beyond, it groups every one-to-one chat of the instance and keeps
   * the wanted ones, so a long list never becomes many passes over the collection.
   */
  private async onePerChat(chats: readonly ChatRef[], match: Document, sort: Document): Promise<ChatMessageTime[]> {
    const byInstance = new Map<string, Set<string>>();
    for (const chat of chats)
      byInstance.set(chat.instance, (byInstance.get(chat.instance) ?? new Set()).add(chat.remoteJid));
    const found: ChatMessageTime[] = [];
    for (const [instance, jids] of byInstance) {
      const which = jids.size <= this.namedChats ? { $in: [...jids] } : { $regex: ONE_TO_ONE_JID_PATTERN };
      const cursor = this.messages
        .aggregate([
          { $match: { instance, 'key.remoteJid': which, ...RECORD_SHAPE, ...match } },
          { $sort: sort },
          { $group: { _id: '$key.remoteJid', fromMe: { $first: '$key.fromMe' }, at: { $first: '$messageTimestamp' } } },
        ])
        .batchSize(BATCH);
      for await (const group of cursor) {
        if (
          typeof group._id !== 'string' ||
          !jids.has(group._id) ||
          typeof group.fromMe !== 'boolean' ||
          typeof group.at !== 'number'
        )
          continue;
        found.push({ instance, remoteJid: group._id, fromMe: group.fromMe, at: new Date(Math.floor(group.at) * 1000) });
      }
    }
    return found;
  }
}
