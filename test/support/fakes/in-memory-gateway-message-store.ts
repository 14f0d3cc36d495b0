import { kpiFactsOf } from '../../../src/domain/kpi/chat-kpi-facts';
import { ObjectId } from 'mongodb';
import type {
  ChangedChats,
  ChatMessageTime,
  ChatPushName,
  ChatRange,
  ChatRef,
  ChatSummary,
  GatewayInsertCounts,
  GatewayMessageStore,
} from '../../../src/application/sdr/ports';
import { chatIdOf, type ChatFacts } from '../../../src/domain/sdr/chat';
import {
  isOneToOneJid,
  parseGatewayRecord,
  toGatewayMessage,
  type GatewayMessageRecord,
} from '../../../src/domain/sdr/gateway-message';
import { NO_FAULTS, type WriteFaults } from './write-faults';

const timeOf = (r: GatewayMessageRecord): ChatMessageTime => ({
  instance: r.instance,
  remoteJid: r.key.remoteJid,
  fromMe: r.key.fromMe,
  at: new Date(r.messageTimestamp * 1000),
});

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored record and its document's `_id`. */
interface Stored {
  readonly id: unknown;
  readonly record: GatewayMessageRecord;
}

/** MongoDB's order of ObjectIds (their bytes; the hex string orders the same). */
const compareIds = (a: ObjectId, b: ObjectId): number => {
  const [x, y] = [a.toHexString(), b.toHexString()];
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * At the same second the later-written message (the larger `_id`) is the newer, as the MongoDB sorts
 * `{messageTimestamp: -1, _id: -1}`.
 */
const newestFirst = (a: Stored, b: Stored): number => {
  const byTime = b.record.messageTimestamp - a.record.messageTimestamp;
  if (byTime !== 0) return byTime;
  return a.id instanceof ObjectId && b.id instanceof ObjectId ? compareIds(b.id, a.id) : 0;
};

/**
 * The gateway store in memory: raw documents, as a gateway would have written them. Each object
 * document gets an `_id` when it has none (a fresh ObjectId, as the driver gives it), a given one is
 * kept (a late insert with an old ObjectId). The store's write order is `_id` order, as in MongoDB.
 */
export class InMemoryGatewayMessageStore implements GatewayMessageStore {
  /** The stored documents, in insertion (natural) order. */
  readonly documents: unknown[] = [];
  skipped = 0;

  /**
   * `faults` can kill each record's insert of insertMany (CONTRACT 10.2): one document each, so a kill
   * inside a batch leaves part of it stored, as an unordered insertMany cut by a dead process may.
   */
  constructor(private readonly faults: WriteFaults = NO_FAULTS) {}

  /** Writes documents directly, the way the gateway does (any shape). */
  write(...docs: unknown[]): void {
    for (const doc of docs) this.documents.push(this.withId(doc));
  }

  /** Removes the documents `match` keeps (the gateway deleting records); answers how many. */
  remove(match: (doc: unknown) => boolean): number {
    let removed = 0;
    for (let i = this.documents.length - 1; i >= 0; i -= 1) {
      if (match(this.documents[i])) {
        this.documents.splice(i, 1);
        removed += 1;
      }
    }
    return removed;
  }

  /** Changes the documents `match` keeps in place (their `_id` stays); answers how many. */
  change(match: (doc: unknown) => boolean, update: (doc: Record<string, unknown>) => Record<string, unknown>): number {
    let changed = 0;
    for (let i = 0; i < this.documents.length; i += 1) {
      const doc = this.documents[i];
      if (!isObject(doc) || !match(doc)) continue;
      this.documents[i] = { ...update(doc), _id: doc._id };
      changed += 1;
    }
    return changed;
  }

  private withId(doc: unknown): unknown {
    if (!isObject(doc)) return structuredClone(doc);
    const { _id, ...rest } = doc;
    // structuredClone would turn an ObjectId into a plain object: the id is kept as it is.
    return { _id: _id === undefined ? new ObjectId() : _id, ...structuredClone(rest) };
  }

  private stored(): Stored[] {
    const stored: Stored[] = [];
    for (const doc of this.documents) {
      const record = parseGatewayRecord(doc);
      if (record === undefined) this.skipped += 1;
      else if (isOneToOneJid(record.key.remoteJid)) stored.push({ id: (doc as Record<string, unknown>)._id, record });
    }
    return stored;
  }

  private records(): GatewayMessageRecord[] {
    return this.stored().map((s) => s.record);
  }

  async *chats(range: ChatRange): AsyncIterable<ChatSummary> {
    const from = range.from === undefined ? 0 : range.from.getTime() / 1000;
    const to = range.to === undefined ? Number.POSITIVE_INFINITY : range.to.getTime() / 1000;
    const chats = new Map<string, Stored[]>();
    for (const s of this.stored()) {
      const r = s.record;
      if (
        (range.instance !== undefined && r.instance !== range.instance) ||
        r.messageTimestamp < from ||
        r.messageTimestamp > to
      )
        continue;
      const id = chatIdOf({ instance: r.instance, remoteJid: r.key.remoteJid });
      chats.set(id, [...(chats.get(id) ?? []), s]);
    }
    for (const messages of chats.values()) {
      const sorted = [...messages].sort(newestFirst);
      const last = (sorted[0] as Stored).record;
      const first = (sorted[sorted.length - 1] as Stored).record;
      yield {
        instance: last.instance,
        remoteJid: last.key.remoteJid,
        messageCount: messages.length,
        firstAt: new Date(first.messageTimestamp * 1000),
        last: toGatewayMessage(last),
      };
    }
  }

  async pushNamesOf(chats: readonly ChatRef[]): Promise<ChatPushName[]> {
    const wanted = new Set(chats.map((c) => chatIdOf(c)));
    const names: ChatPushName[] = [];
    for await (const name of this.allPushNames()) if (wanted.has(chatIdOf(name))) names.push(name);
    return names;
  }

  async *allPushNames(): AsyncIterable<ChatPushName> {
    yield* this.pushNames().values();
  }

  /**
   * The newest non-blank inbound pushName of each chat; at the same second the later-written one (the larger `_id`), as
   * the server sorts.
   */
  private pushNames(): Map<string, ChatPushName> {
    const newest = new Map<string, Stored>();
    for (const stored of this.stored()) {
      const r = stored.record;
      if (r.key.fromMe || typeof r.pushName !== 'string' || r.pushName.trim() === '') continue;
      const id = chatIdOf({ instance: r.instance, remoteJid: r.key.remoteJid });
      const held = newest.get(id);
      if (held === undefined || newestFirst(stored, held) < 0) newest.set(id, stored);
    }
    return new Map(
      [...newest].map(([id, { record: r }]) => [
        id,
        {
          instance: r.instance,
          remoteJid: r.key.remoteJid,
          pushName: r.pushName as string,
          at: new Date(r.messageTimestamp * 1000),
        },
      ]),
    );
  }

  async *messagesBetween(range: { readonly from: Date; readonly to: Date }): AsyncIterable<ChatMessageTime> {
    const from = range.from.getTime() / 1000;
    const to = range.to.getTime() / 1000;
    const inRange = this.records().filter((r) => r.messageTimestamp >= from && r.messageTimestamp <= to);
    inRange.sort((a, b) => a.messageTimestamp - b.messageTimestamp || Number(a.key.fromMe) - Number(b.key.fromMe));
    for (const r of inRange) yield timeOf(r);
  }

  async firstRepliesAfter(chats: readonly ChatRef[], after: Date): Promise<ChatMessageTime[]> {
    const seconds = after.getTime() / 1000;
    return this.onePerChat(
      chats,
      (r) => r.key.fromMe && r.messageTimestamp > seconds,
      (a, b) => a.messageTimestamp - b.messageTimestamp,
    );
  }

  async lastMessagesBefore(chats: readonly ChatRef[], before: Date): Promise<ChatMessageTime[]> {
    const seconds = before.getTime() / 1000;
    return this.onePerChat(
      chats,
      (r) => r.messageTimestamp < seconds,
      (a, b) => b.messageTimestamp - a.messageTimestamp || Number(b.key.fromMe) - Number(a.key.fromMe),
    );
  }

  private onePerChat(
    chats: readonly ChatRef[],
    keep: (r: GatewayMessageRecord) => boolean,
    order: (a: GatewayMessageRecord, b: GatewayMessageRecord) => number,
  ): ChatMessageTime[] {
    const wanted = new Set(chats.map((c) => chatIdOf(c)));
    const first = new Map<string, GatewayMessageRecord>();
    for (const r of this.records().filter(keep).sort(order)) {
      const id = chatIdOf({ instance: r.instance, remoteJid: r.key.remoteJid });
      if (wanted.has(id) && !first.has(id)) first.set(id, r);
    }
    return [...first.values()].map(timeOf);
  }

  async insertMany(records: readonly GatewayMessageRecord[]): Promise<GatewayInsertCounts> {
    let inserted = 0;
    let duplicates = 0;
    for (const record of records) {
      this.faults.write('brokerhub_messages.insertOne');
      const exists = this.documents.some((d) => {
        const r = parseGatewayRecord(d);
        return r !== undefined && r.instance === record.instance && r.key.id === record.key.id;
      });
      if (exists) duplicates += 1;
      else {
        this.documents.push(this.withId(record));
        inserted += 1;
      }
    }
    return { inserted, duplicates };
  }

  async chatFacts(chats: readonly ChatRef[]): Promise<ChatFacts[]> {
    const wanted = new Set(chats.map((c) => chatIdOf(c)));
    const byChat = new Map<string, Stored[]>();
    for (const s of this.stored()) {
      const id = chatIdOf({ instance: s.record.instance, remoteJid: s.record.key.remoteJid });
      if (wanted.has(id)) byChat.set(id, [...(byChat.get(id) ?? []), s]);
    }
    const names = this.pushNames();
    return [...byChat].map(([id, messages]): ChatFacts => {
      const sorted = [...messages].sort(newestFirst);
      const last = (sorted[0] as Stored).record;
      const first = (sorted[sorted.length - 1] as Stored).record;
      const name = names.get(id);
      return {
        instance: last.instance,
        remoteJid: last.key.remoteJid,
        messageCount: messages.length,
        firstAt: new Date(first.messageTimestamp * 1000),
        last: toGatewayMessage(last),
        pushName: name === undefined ? null : { pushName: name.pushName, at: name.at },
        kpi: kpiFactsOf(
          messages.map((m) => ({ at: Math.floor(m.record.messageTimestamp), fromMe: m.record.key.fromMe })),
        ),
      };
    });
  }

  /** The documents with an ObjectId `_id`, in `_id` order (a `$gt` an ObjectId matches no other type). */
  private inWriteOrder(): { id: ObjectId; doc: unknown }[] {
    return this.documents
      .flatMap((doc) => (isObject(doc) && doc._id instanceof ObjectId ? [{ id: doc._id, doc }] : []))
      .sort((a, b) => compareIds(a.id, b.id));
  }

  async changedChats(range: {
    readonly after: string | null;
    readonly upTo?: string;
    readonly limit: number;
  }): Promise<ChangedChats> {
    const docs = this.inWriteOrder()
      .filter(
        ({ id }) =>
          (range.after === null || id.toHexString() > range.after) &&
          (range.upTo === undefined || id.toHexString() <= range.upTo),
      )
      .slice(0, range.limit);
    const chats = new Map<string, ChatRef>();
    let skipped = 0;
    for (const { doc } of docs) {
      const { instance, key } = doc as Record<string, unknown>;
      if (typeof instance !== 'string' || instance === '' || !isObject(key) || typeof key.remoteJid !== 'string') {
        skipped += 1;
        continue;
      }
      if (!isOneToOneJid(key.remoteJid)) continue;
      const ref = { instance, remoteJid: key.remoteJid };
      chats.set(chatIdOf(ref), ref);
    }
    this.skipped += skipped;
    return {
      chats: [...chats.values()],
      last: docs[docs.length - 1]?.id.toHexString() ?? null,
      read: docs.length,
      skipped,
    };
  }

  async *allChats(): AsyncIterable<ChatRef> {
    const chats = new Map<string, ChatRef>();
    for (const r of this.records())
      chats.set(chatIdOf({ instance: r.instance, remoteJid: r.key.remoteJid }), {
        instance: r.instance,
        remoteJid: r.key.remoteJid,
      });
    yield* chats.values();
  }

  async latestPosition(): Promise<string | null> {
    return this.inWriteOrder().at(-1)?.id.toHexString() ?? null;
  }

  positionAt(at: Date): string {
    return ObjectId.createFromTime(Math.floor(at.getTime() / 1000)).toHexString();
  }
}
