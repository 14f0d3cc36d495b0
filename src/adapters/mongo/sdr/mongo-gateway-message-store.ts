import { MongoBulkWriteError, ObjectId, type Db, type Document } from 'mongodb';
import type {
  ChangedChats,
  ChatMessageTime,
  ChatPushName,
  ChatRange,
  ChatRef,
  ChatSummary,
  GatewayInsertCounts,
  GatewayMessageStore,
} from '../../../application/sdr/ports';
import { chatIdOf, type ChatFacts } from '../../../domain/sdr/chat';
import {
  isOneToOneJid,
  ONE_TO_ONE_JID_PATTERN,
  parseGatewayRecord,
  toGatewayMessage,
  type GatewayMessageRecord,
} from '../../../domain/sdr/gateway-message';
import { isDuplicateKey } from '../shared/mongo-errors';
import { gatewayMessagesCollection } from './gateway-messages-collection';

const isDuplicateCode = (code: unknown): boolean => code === 11000 || code === 11001;

/** Documents per cursor batch: what the process holds of the store at a time. */
const BATCH = 500;
/**
 * Up to this many chats a per-chat lookup names them (`$in`); beyond, grouping every chat of the
 * instance in one pass costs less than testing each message against a long list (jongodb scans and
 * tests every document; on mongod both are index walks).
 */
const NAMED_CHATS = 250;
/** A non-blank pushName. */
const NON_BLANK = { $regex: '\\S' };
/** The record shape's fields the grouping relies on (other documents are left out, not counted wrongly). */
const RECORD_SHAPE = {
  'key.id': { $type: 'string' },
  'key.fromMe': { $in: [true, false] },
  messageType: { $type: 'string' },
};

/** What a message's time and direction need (jongodb ignores projections; mongod honours it). */
const MESSAGE_TIME = { instance: 1, 'key.remoteJid': 1, 'key.fromMe': 1, messageTimestamp: 1 };

function messageTimeOf(doc: Document): ChatMessageTime | undefined {
  const key = doc.key as Document | undefined;
  const seconds = doc.messageTimestamp;
  if (
    typeof doc.instance !== 'string' ||
    typeof key?.remoteJid !== 'string' ||
    typeof key.fromMe !== 'boolean' ||
    typeof seconds !== 'number'
  )
    return undefined;
  return {
    instance: doc.instance,
    remoteJid: key.remoteJid,
    fromMe: key.fromMe,
    at: new Date(Math.floor(seconds) * 1000),
  };
}

/**
 * Reads the gateway's message collection (CONTRACT 8.1). The grouping per chat runs in the database
 * (`$sort` + `$group` with `$sum`/`$first`/`$addToSet`, the jongodb subset); the process receives one
 * summary per chat, streamed in batches. jongodb does not evaluate expressions in a `$group` key, so
 * chats are grouped per instance: one pipeline per instance (`distinct` on the partial unique index).
 * A document of an unexpected shape is skipped and reported to `onSkipped`.
 */
export class MongoGatewayMessageStore implements GatewayMessageStore {
  constructor(
    private readonly db: Db,
    private readonly collectionName: string,
    private readonly onSkipped: (count: number, where: string) => void = () => undefined,
    /** How many chats a per-chat lookup names (`$in`); more are found by grouping the instance's chats. */
    private readonly namedChats: number = NAMED_CHATS,
  ) {}

  private get messages() {
    return gatewayMessagesCollection(this.db, this.collectionName);
  }

  private async instances(only: string | undefined): Promise<string[]> {
    if (only !== undefined) return [only];
    // Only records with a string id count (RECORD_SHAPE), which is also what the partial unique
    // index holds, so the index serves this distinct.
    const values = await this.messages.distinct('instance', { 'key.id': RECORD_SHAPE['key.id'] });
    return values.filter((v): v is string => typeof v === 'string').sort();
  }

  async *chats(range: ChatRange): AsyncIterable<ChatSummary> {
    for (const instance of await this.instances(range.instance)) {
      const time: Document = { $gte: range.from === undefined ? 0 : range.from.getTime() / 1000 };
      if (range.to !== undefined) time.$lte = range.to.getTime() / 1000;
      const cursor = this.messages
        .aggregate([
          {
            $match: {
              instance,
              messageTimestamp: time,
              'key.remoteJid': { $regex: ONE_TO_ONE_JID_PATTERN },
              ...RECORD_SHAPE,
            },
          },
          { $sort: { messageTimestamp: -1, _id: -1 } },
          {
            $group: {
              _id: '$key.remoteJid',
              count: { $sum: 1 },
              last: { $first: '$$ROOT' },
              times: { $addToSet: '$messageTimestamp' },
            },
          },
        ])
        .batchSize(BATCH);
      let skipped = 0;
      for await (const group of cursor) {
        const record = parseGatewayRecord(group.last);
        const times = Array.isArray(group.times)
          ? group.times.filter((t: unknown): t is number => typeof t === 'number')
          : [];
        if (record === undefined || times.length === 0 || typeof group.count !== 'number') {
          skipped += 1;
          continue;
        }
        yield {
          instance,
          remoteJid: record.key.remoteJid,
          messageCount: group.count,
          firstAt: new Date(Math.floor(times.reduce((a: number, b: number) => (b < a ? b : a))) * 1000),
          last: toGatewayMessage(record),
        };
      }
      if (skipped > 0) this.onSkipped(skipped, 'gateway chats with a last message of an unexpected shape');
    }
  }

  async pushNamesOf(chats: readonly ChatRef[]): Promise<ChatPushName[]> {
    const byInstance = new Map<string, string[]>();
    for (const chat of chats) byInstance.set(chat.instance, [...(byInstance.get(chat.instance) ?? []), chat.remoteJid]);
    const names: ChatPushName[] = [];
    for (const [instance, jids] of byInstance) {
      for await (const name of this.pushNames({ instance, 'key.remoteJid': { $in: [...new Set(jids)] } }, instance))
        names.push(name);
    }
    return names;
  }

  async *allPushNames(): AsyncIterable<ChatPushName> {
    for (const instance of await this.instances(undefined)) {
      yield* this.pushNames({ instance, 'key.remoteJid': { $regex: ONE_TO_ONE_JID_PATTERN } }, instance);
    }
  }

  /** The newest non-blank pushName of each chat's inbound messages. */
  private async *pushNames(match: Document, instance: string): AsyncIterable<ChatPushName> {
    const cursor = this.messages
      .aggregate([
        {
          $match: {
            ...match,
            ...RECORD_SHAPE,
            'key.fromMe': false,
            pushName: NON_BLANK,
            messageTimestamp: { $gte: 0 },
          },
        },
        // At the same second the later-written message (the larger `_id`) wins, on every server.
        { $sort: { messageTimestamp: -1, _id: -1 } },
        { $group: { _id: '$key.remoteJid', pushName: { $first: '$pushName' }, at: { $first: '$messageTimestamp' } } },
      ])
      .batchSize(BATCH);
    for await (const group of cursor) {
      if (typeof group._id !== 'string' || typeof group.pushName !== 'string' || typeof group.at !== 'number') continue;
      yield { instance, remoteJid: group._id, pushName: group.pushName, at: new Date(Math.floor(group.at) * 1000) };
    }
  }

  async *messagesBetween(range: { readonly from: Date; readonly to: Date }): AsyncIterable<ChatMessageTime> {
    const cursor = this.messages
      .find(
        {
          messageTimestamp: { $gte: range.from.getTime() / 1000, $lte: range.to.getTime() / 1000 },
          'key.remoteJid': { $regex: ONE_TO_ONE_JID_PATTERN },
          ...RECORD_SHAPE,
        },
        { sort: { messageTimestamp: 1, 'key.fromMe': 1 }, projection: MESSAGE_TIME },
      )
      .batchSize(BATCH);
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

  /**
   * Per instance, `namedChats` chats at a time (`$in`): one pipeline newest first (count and last
   * message), one oldest first (first message), and the pushNames. At the same second the
   * later-written message is the last (`_id`), so every reader agrees. The store bounds its own
   * lookups: past that many named chats, testing each message against the list costs more than the
   * pieces (and grouping the whole instance would make a refresh cost as much as the whole history).
   */
  async chatFacts(chats: readonly ChatRef[]): Promise<ChatFacts[]> {
    const byInstance = new Map<string, Set<string>>();
    for (const chat of chats)
      byInstance.set(chat.instance, (byInstance.get(chat.instance) ?? new Set()).add(chat.remoteJid));
    const facts: ChatFacts[] = [];
    for (const [instance, all] of byInstance) {
      const jids = [...all];
      for (let i = 0; i < jids.length; i += this.namedChats)
        facts.push(...(await this.namedChatFacts(instance, new Set(jids.slice(i, i + this.namedChats)))));
    }
    return facts;
  }

  /** The facts of these chats of one instance (at most `namedChats`). */
  private async namedChatFacts(instance: string, jids: ReadonlySet<string>): Promise<ChatFacts[]> {
    const match = {
      $match: { instance, 'key.remoteJid': { $in: [...jids] }, ...RECORD_SHAPE, messageTimestamp: { $gte: 0 } },
    };
    const newest = new Map<string, { count: number; last: Document }>();
    for await (const group of this.messages
      .aggregate([
        match,
        { $sort: { messageTimestamp: -1, _id: -1 } },
        { $group: { _id: '$key.remoteJid', count: { $sum: 1 }, last: { $first: '$$ROOT' } } },
      ])
      .batchSize(BATCH)) {
      if (typeof group._id === 'string' && jids.has(group._id) && typeof group.count === 'number')
        newest.set(group._id, { count: group.count, last: group.last as Document });
    }
    if (newest.size === 0) return [];
    const firsts = new Map<string, number>();
    for await (const group of this.messages
      .aggregate([
        match,
        { $sort: { messageTimestamp: 1 } },
        { $group: { _id: '$key.remoteJid', first: { $first: '$messageTimestamp' } } },
      ])
      .batchSize(BATCH)) {
      if (typeof group._id === 'string' && typeof group.first === 'number') firsts.set(group._id, group.first);
    }
    const names = new Map<string, ChatPushName>();
    const nameMatch = { instance, 'key.remoteJid': { $in: [...newest.keys()] } };
    for await (const name of this.pushNames(nameMatch, instance)) names.set(name.remoteJid, name);
    return this.factsOf(instance, newest, firsts, names);
  }

  private factsOf(
    instance: string,
    newest: ReadonlyMap<string, { count: number; last: Document }>,
    firsts: ReadonlyMap<string, number>,
    names: ReadonlyMap<string, ChatPushName>,
  ): ChatFacts[] {
    const facts: ChatFacts[] = [];
    let skipped = 0;
    for (const [remoteJid, { count, last }] of newest) {
      const record = parseGatewayRecord(last);
      const first = firsts.get(remoteJid);
      if (record === undefined || first === undefined) {
        skipped += 1;
        continue;
      }
      const name = names.get(remoteJid);
      facts.push({
        instance,
        remoteJid,
        messageCount: count,
        firstAt: new Date(Math.floor(first) * 1000),
        last: toGatewayMessage(record),
        pushName: name === undefined ? null : { pushName: name.pushName, at: name.at },
      });
    }
    if (skipped > 0) this.onSkipped(skipped, 'gateway chats with a last message of an unexpected shape');
    return facts;
  }

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
    const groups = await this.messages
      .aggregate([
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
      ])
      .toArray();
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
    if (skipped > 0) this.onSkipped(skipped, 'gateway documents of an unexpected shape while following the store');
    return { chats: [...chats.values()], last: last === undefined ? null : last.toHexString(), read, skipped };
  }

  private async changedChatOf(ids: Document): Promise<ChangedChats> {
    const [doc] = await this.messages
      .find({ _id: ids }, { sort: { _id: 1 }, limit: 1, projection: { _id: 1, instance: 1, 'key.remoteJid': 1 } })
      .toArray();
    if (doc === undefined) return { chats: [], last: null, read: 0, skipped: 0 };
    const last = doc._id instanceof ObjectId ? doc._id.toHexString() : null;
    const jid = (doc.key as Document | undefined)?.remoteJid;
    if (typeof doc.instance !== 'string' || doc.instance === '' || typeof jid !== 'string') {
      this.onSkipped(1, 'gateway documents of an unexpected shape while following the store');
      return { chats: [], last, read: 1, skipped: 1 };
    }
    return { chats: isOneToOneJid(jid) ? [{ instance: doc.instance, remoteJid: jid }] : [], last, read: 1, skipped: 0 };
  }

  async *allChats(): AsyncIterable<ChatRef> {
    for (const instance of await this.instances(undefined)) {
      const cursor = this.messages
        .aggregate([
          {
            $match: {
              instance,
              'key.remoteJid': { $regex: ONE_TO_ONE_JID_PATTERN },
              ...RECORD_SHAPE,
              messageTimestamp: { $gte: 0 },
            },
          },
          { $group: { _id: '$key.remoteJid' } },
        ])
        .batchSize(BATCH);
      for await (const group of cursor) if (typeof group._id === 'string') yield { instance, remoteJid: group._id };
    }
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

  async insertMany(records: readonly GatewayMessageRecord[]): Promise<GatewayInsertCounts> {
    if (records.length === 0) return { inserted: 0, duplicates: 0 };
    try {
      const result = await this.messages.insertMany(
        records.map((r) => ({ ...r })),
        { ordered: false },
      );
      return { inserted: result.insertedCount, duplicates: 0 };
    } catch (error) {
      if (!(error instanceof MongoBulkWriteError)) throw error;
      const writeErrors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
      if (!writeErrors.every((e) => isDuplicateCode(e.code)) || !isDuplicateCode(error.code ?? writeErrors[0]?.code))
        throw error;
      // mongod inserts every other record of an unordered batch and lists the refused ones; jongodb
      // refuses the whole batch without a list. When the accounts do not add up, one by one.
      if (writeErrors.length > 0 && error.result.insertedCount + writeErrors.length === records.length) {
        return { inserted: error.result.insertedCount, duplicates: writeErrors.length };
      }
      return this.insertOneByOne(records);
    }
  }

  private async insertOneByOne(records: readonly GatewayMessageRecord[]): Promise<GatewayInsertCounts> {
    let inserted = 0;
    let duplicates = 0;
    for (const record of records) {
      try {
        await this.messages.insertOne({ ...record });
        inserted += 1;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        duplicates += 1;
      }
    }
    return { inserted, duplicates };
  }
}
