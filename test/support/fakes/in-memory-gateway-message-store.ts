import type { ChatMessageTime, ChatPushName, ChatRange, ChatRef, ChatSummary, GatewayInsertCounts, GatewayMessageStore } from '../../../src/application/sdr/ports';
import { isOneToOneJid, parseGatewayRecord, toGatewayMessage, type GatewayMessageRecord } from '../../../src/domain/sdr/gateway-message';

const timeOf = (r: GatewayMessageRecord): ChatMessageTime => ({ instance: r.instance, remoteJid: r.key.remoteJid, fromMe: r.key.fromMe, at: new Date(r.messageTimestamp * 1000) });

/** The gateway store in memory: raw documents, as a gateway would have written them. */
export class InMemoryGatewayMessageStore implements GatewayMessageStore {
  readonly documents: unknown[] = [];
  skipped = 0;

  /** Writes a document directly, the way the gateway does (any shape). */
  write(...docs: unknown[]): void {
    this.documents.push(...docs.map((d) => structuredClone(d)));
  }

  private records(): GatewayMessageRecord[] {
    const records: GatewayMessageRecord[] = [];
    for (const doc of this.documents) {
      const record = parseGatewayRecord(doc);
      if (record === undefined) this.skipped += 1;
      else if (isOneToOneJid(record.key.remoteJid)) records.push(record);
    }
    return records;
  }

  async *chats(range: ChatRange): AsyncIterable<ChatSummary> {
    const from = range.from === undefined ? 0 : range.from.getTime() / 1000;
    const to = range.to === undefined ? Number.POSITIVE_INFINITY : range.to.getTime() / 1000;
    const chats = new Map<string, GatewayMessageRecord[]>();
    for (const r of this.records()) {
      if ((range.instance !== undefined && r.instance !== range.instance) || r.messageTimestamp < from || r.messageTimestamp > to) continue;
      const id = `${r.instance}:${r.key.remoteJid}`;
      chats.set(id, [...(chats.get(id) ?? []), r]);
    }
    for (const messages of chats.values()) {
      const sorted = [...messages].sort((a, b) => b.messageTimestamp - a.messageTimestamp);
      const last = sorted[0] as GatewayMessageRecord;
      const first = sorted[sorted.length - 1] as GatewayMessageRecord;
      yield { instance: last.instance, remoteJid: last.key.remoteJid, messageCount: messages.length, firstAt: new Date(first.messageTimestamp * 1000), last: toGatewayMessage(last) };
    }
  }

  async pushNamesOf(chats: readonly ChatRef[]): Promise<ChatPushName[]> {
    const wanted = new Set(chats.map((c) => `${c.instance}:${c.remoteJid}`));
    const names: ChatPushName[] = [];
    for await (const name of this.allPushNames()) if (wanted.has(`${name.instance}:${name.remoteJid}`)) names.push(name);
    return names;
  }

  async *allPushNames(): AsyncIterable<ChatPushName> {
    const newest = new Map<string, GatewayMessageRecord>();
    for (const r of this.records()) {
      if (r.key.fromMe || typeof r.pushName !== 'string' || r.pushName.trim() === '') continue;
      const id = `${r.instance}:${r.key.remoteJid}`;
      const held = newest.get(id);
      if (held === undefined || r.messageTimestamp > held.messageTimestamp) newest.set(id, r);
    }
    for (const r of newest.values()) yield { instance: r.instance, remoteJid: r.key.remoteJid, pushName: r.pushName as string, at: new Date(r.messageTimestamp * 1000) };
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
    return this.onePerChat(chats, (r) => r.key.fromMe && r.messageTimestamp > seconds, (a, b) => a.messageTimestamp - b.messageTimestamp);
  }

  async lastMessagesBefore(chats: readonly ChatRef[], before: Date): Promise<ChatMessageTime[]> {
    const seconds = before.getTime() / 1000;
    return this.onePerChat(chats, (r) => r.messageTimestamp < seconds, (a, b) => b.messageTimestamp - a.messageTimestamp || Number(b.key.fromMe) - Number(a.key.fromMe));
  }

  private onePerChat(chats: readonly ChatRef[], keep: (r: GatewayMessageRecord) => boolean, order: (a: GatewayMessageRecord, b: GatewayMessageRecord) => number): ChatMessageTime[] {
    const wanted = new Set(chats.map((c) => `${c.instance}:${c.remoteJid}`));
    const first = new Map<string, GatewayMessageRecord>();
    for (const r of this.records().filter(keep).sort(order)) {
      const id = `${r.instance}:${r.key.remoteJid}`;
      if (wanted.has(id) && !first.has(id)) first.set(id, r);
    }
    return [...first.values()].map(timeOf);
  }

  async insertMany(records: readonly GatewayMessageRecord[]): Promise<GatewayInsertCounts> {
    let inserted = 0;
    let duplicates = 0;
    for (const record of records) {
      const exists = this.documents.some((d) => {
        const r = parseGatewayRecord(d);
        return r !== undefined && r.instance === record.instance && r.key.id === record.key.id;
      });
      if (exists) duplicates += 1;
      else {
        this.documents.push(structuredClone(record));
        inserted += 1;
      }
    }
    return { inserted, duplicates };
  }
}
