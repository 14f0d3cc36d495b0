import type { ChatPushName, ChatRange, ChatRef, ChatSummary, GatewayInsertCounts, GatewayMessageStore } from '../../../src/application/sdr/ports';
import { isOneToOneJid, parseGatewayRecord, toGatewayMessage, type GatewayMessageRecord } from '../../../src/domain/sdr/gateway-message';

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
