import type { Db, Filter } from 'mongodb';
import type {
  ChatReadModel,
  ReadModelClaim,
  ReadModelWriteOutcome,
} from '../../../../application/sdr/read-model-ports';
import type { SdrChat } from '../../../../domain/sdr/chat';
import type { CanonicalPhone } from '../../../../domain/shared/phone';
import { chatReadModelCollection, type ChatDocument } from './chat-read-model-collection';
import { VersionedCollection, type VersionedFields } from './versioned-collection';

function toDocument(chat: SdrChat): Omit<ChatDocument, keyof VersionedFields> {
  const { id, fromMe, pushName, type, text, at } = chat.last;
  return {
    instance: chat.instance,
    remoteJid: chat.remoteJid,
    phone: chat.phone,
    messageCount: chat.messageCount,
    firstAt: chat.firstAt,
    last: { id, fromMe, pushName, type, text, at },
    pushName: chat.pushName,
    pushNameAt: chat.pushNameAt,
  };
}

function toChat(doc: ChatDocument): SdrChat {
  return {
    id: doc._id,
    instance: doc.instance,
    remoteJid: doc.remoteJid,
    phone: doc.phone as CanonicalPhone | null,
    messageCount: doc.messageCount,
    firstAt: doc.firstAt,
    last: { ...doc.last, instance: doc.instance, remoteJid: doc.remoteJid },
    pushName: doc.pushName,
    pushNameAt: doc.pushNameAt,
  };
}

/** The chat read model in MongoDB (collection `sdr_chats`), paged newest last message first. */
export class MongoChatReadModel implements ChatReadModel {
  private readonly versioned: VersionedCollection<SdrChat, ChatDocument>;

  constructor(private readonly db: Db) {
    this.versioned = new VersionedCollection(() => chatReadModelCollection(this.db), toDocument, toChat);
  }

  snapshot(ids: readonly string[]): Promise<(ReadModelClaim & { readonly value: SdrChat | undefined })[]> {
    return this.versioned.snapshot(ids);
  }

  private get chats() {
    return chatReadModelCollection(this.db);
  }

  claim(ids: readonly string[], at: Date): Promise<ReadModelClaim[]> {
    return this.versioned.claim(ids, at);
  }

  put(
    entries: readonly { readonly claim: ReadModelClaim; readonly value: SdrChat | undefined }[],
  ): Promise<ReadModelWriteOutcome> {
    return this.versioned.put(entries);
  }

  ids(): AsyncIterable<string> {
    return this.versioned.ids();
  }

  dirtyIds(before: Date, limit: number): Promise<string[]> {
    return this.versioned.dirtyIds(before, limit);
  }

  async page(query: { readonly instance?: string; readonly skip: number; readonly limit: number }): Promise<SdrChat[]> {
    const filter: Filter<ChatDocument> = query.instance === undefined ? {} : { instance: query.instance };
    const docs = await this.chats
      .find(filter, { sort: { 'last.at': -1, _id: 1 }, skip: query.skip, limit: query.limit })
      .toArray();
    return docs.map(toChat);
  }

  async count(instance?: string): Promise<number> {
    // With an instance: counted on its index; without: every document (the exact total of CONTRACT 8), on the newest-first index.
    return instance === undefined
      ? this.chats.countDocuments({}, { hint: 'newest_first' })
      : this.chats.countDocuments({ instance });
  }

  async findByIds(ids: readonly string[]): Promise<SdrChat[]> {
    if (ids.length === 0) return [];
    return (await this.chats.find({ _id: { $in: [...ids] } }).toArray()).map(toChat);
  }

  async ofPhones(phones: readonly string[]): Promise<SdrChat[]> {
    if (phones.length === 0) return [];
    return (await this.chats.find({ phone: { $in: [...phones] } }).toArray()).map(toChat);
  }
}
