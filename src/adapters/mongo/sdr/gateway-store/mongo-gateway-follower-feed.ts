import { ObjectId, type Document } from 'mongodb';
import type { ChangedChats, ChatRef, GatewayFollowerFeed } from '../../../../application/sdr/ports';
import { chatIdOf } from '../../../../domain/sdr/chat';
import { isOneToOneJid } from '../../../../domain/sdr/gateway-message';
import { firstFound, pipelineDocuments } from '../../shared/projected-read';
import { BATCH, GatewayMessages } from './gateway-messages';

/** The follower's feed (CONTRACT 10.1): the store's messages in its write order (`_id` order). */
export class MongoGatewayFollowerFeed extends GatewayMessages implements GatewayFollowerFeed {
  /**
   * The store's write order is `_id` order: the gateway's documents carry ObjectIds, made of their
   * writer's clock. Documents with another kind of `_id` are not in this order (`$gt` an ObjectId
   * matches ObjectIds only); the reconciling sweep, which groups every message, finds them.
   */
  async changedChats(range: {
    readonly after: string | null;
    readonly upTo?: string;
    readonly limit: number;
  }): Promise<ChangedChats> {
    const ids: Document = {
      $gt: range.after === null ? new ObjectId('000000000000000000000000') : new ObjectId(range.after),
    };
    if (range.upTo !== undefined) ids.$lte = new ObjectId(range.upTo);
    // A limit of one is the follower's probe: one document by the `_id` index is cheaper than a pipeline.
    if (range.limit <= 1) return this.changedChatOf(ids);
    // The next `limit` messages in write order, grouped per jid by the database: one small document per
    // chat comes back (with its instances, its count and its newest position), not every message.
    const groups = await pipelineDocuments(
      this.named,
      [
        { $match: { _id: ids } },
        { $sort: { _id: 1 } },
        { $limit: range.limit },
        { $sort: { _id: -1 } },
        {
          $group: {
            _id: '$key.remoteJid',
            instances: { $addToSet: '$instance' },
            count: { $sum: 1 },
            last: { $first: '$_id' },
          },
        },
      ],
      { batchSize: BATCH },
    );
    const { chats, last, read, skipped } = foldGroups(groups);
    if (skipped > 0) this.onSkipped(skipped, 'gateway documents of an unexpected shape while following the store');
    return { chats: [...chats.values()], last: last === undefined ? null : last.toHexString(), read, skipped };
  }

  private async changedChatOf(ids: Document): Promise<ChangedChats> {
    // One command, one decoding pass (no cursor): the probe every list and KPI request sends (CONTRACT 10.1).
    const doc = await firstFound(
      this.named,
      { _id: ids },
      {
        sort: { _id: 1 },
        projection: { _id: 1, instance: 1, 'key.remoteJid': 1 },
      },
    );
    if (doc === undefined) return { chats: [], last: null, read: 0, skipped: 0 };
    const last = doc._id instanceof ObjectId ? doc._id.toHexString() : null;
    const jid = (doc.key as Document | undefined)?.remoteJid;
    if (typeof doc.instance !== 'string' || doc.instance === '' || typeof jid !== 'string') {
      this.onSkipped(1, 'gateway documents of an unexpected shape while following the store');
      return { chats: [], last, read: 1, skipped: 1 };
    }
    return { chats: isOneToOneJid(jid) ? [{ instance: doc.instance, remoteJid: jid }] : [], last, read: 1, skipped: 0 };
  }

  async latestPosition(): Promise<string | null> {
    const [doc] = await this.messages
      .find({ _id: { $type: 'objectId' } }, { sort: { _id: -1 }, limit: 1, projection: { _id: 1 } })
      .toArray();
    return doc?._id instanceof ObjectId ? doc._id.toHexString() : null;
  }

  positionAt(at: Date): string {
    return ObjectId.createFromTime(Math.floor(at.getTime() / 1000)).toHexString();
  }
}

/** The chats of the grouped messages (one-to-one chats with a usable instance), the newest position, the counts. */
function foldGroups(groups: readonly Document[]): {
  chats: Map<string, ChatRef>;
  last: ObjectId | undefined;
  read: number;
  skipped: number;
} {
  const chats = new Map<string, ChatRef>();
  let skipped = 0;
  let read = 0;
  let last: ObjectId | undefined;
  for (const group of groups) {
    const count = typeof group.count === 'number' ? group.count : 0;
    read += count;
    if (group.last instanceof ObjectId && (last === undefined || group.last.toHexString() > last.toHexString()))
      last = group.last;
    const instances = Array.isArray(group.instances)
      ? group.instances.filter((i: unknown): i is string => typeof i === 'string' && i !== '')
      : [];
    if (typeof group._id !== 'string' || instances.length === 0) {
      skipped += count;
      continue;
    }
    // A document of the jid without a usable instance is skipped, the others are followed.
    if (Array.isArray(group.instances) && instances.length < group.instances.length)
      skipped += group.instances.length - instances.length;
    if (!isOneToOneJid(group._id)) continue;
    for (const instance of instances) {
      const ref = { instance, remoteJid: group._id };
      chats.set(chatIdOf(ref), ref);
    }
  }
  return { chats, last, read, skipped };
}
