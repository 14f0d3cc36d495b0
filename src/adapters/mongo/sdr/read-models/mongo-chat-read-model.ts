import type { Db, Document, Filter } from 'mongodb';
import type { ChatReadModel } from '../../../../application/sdr/read-model-ports';
import type { ActiveChat } from '../../../../domain/kpi/chat-kpi-period';
import type { SdrChat } from '../../../../domain/sdr/chat';
import { phoneMatchKey, type CanonicalPhone } from '../../../../domain/shared/phone';
import { chatReadModelCollection, SDR_CHATS, type ChatDocument } from './chat-read-model-collection';
import { periodRead, pipelineDocuments } from '../../shared/projected-read';
import {
  ACTIVE_BATCH,
  ACTIVE_CHAT,
  kpiFactsOfDocument,
  kpiFieldsOf,
  utcDayOf,
  type ActiveChatFields,
} from './chat-kpi-fields';
import { MongoVersionedReadModel } from './mongo-versioned-read-model';
import type { ReadModelSource } from './read-model-source';
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
    personId: chat.personId,
    phoneKey: chat.phone === null ? null : phoneMatchKey(chat.phone),
    ...kpiFieldsOf(chat.kpi),
  };
}

/** Chat documents per reply of a phones lookup without the KPI facts. */
const OF_PHONES_BATCH = 1_000;

/** What the sessions page reads of a chat document (its `$project`). */
const PAGE_FIELDS = Object.fromEntries(
  [
    '_id',
    'instance',
    'remoteJid',
    'phone',
    'messageCount',
    'firstAt',
    'last',
    'pushName',
    'pushNameAt',
    'personId',
  ].map((field) => [field, 1]),
);

const chatOfDocument =
  (source: ReadModelSource) =>
  (doc: ChatDocument): SdrChat => ({
    id: source.keyOf(doc._id),
    instance: doc.instance,
    remoteJid: doc.remoteJid,
    phone: doc.phone as CanonicalPhone | null,
    messageCount: doc.messageCount,
    firstAt: doc.firstAt,
    last: { ...doc.last, instance: doc.instance, remoteJid: doc.remoteJid },
    pushName: doc.pushName,
    pushNameAt: doc.pushNameAt,
    personId: doc.personId ?? null,
    kpi: kpiFactsOfDocument(doc),
  });

/** The chat read model in MongoDB (collection `sdr_chats`) of one gateway store, paged newest last message first. */
export class MongoChatReadModel extends MongoVersionedReadModel<SdrChat, ChatDocument> implements ChatReadModel {
  protected readonly versioned: VersionedCollection<SdrChat, ChatDocument>;

  private readonly toChat: (doc: ChatDocument) => SdrChat;

  constructor(
    private readonly db: Db,
    private readonly source: ReadModelSource,
  ) {
    super();
    this.toChat = chatOfDocument(source);
    this.versioned = new VersionedCollection(() => chatReadModelCollection(this.db), source, toDocument, this.toChat);
  }

  private get chats() {
    return chatReadModelCollection(this.db);
  }

  /** The collection as the reads decoded a reply at a time name it (pipelineRead, periodRead). */
  private get named() {
    return { db: this.db, name: SDR_CHATS };
  }

  async page(query: { readonly instance?: string; readonly skip: number; readonly limit: number }): Promise<SdrChat[]> {
    const source = this.source.name;
    const filter: Filter<ChatDocument> =
      query.instance === undefined ? { source } : { source, instance: query.instance };
    // An aggregate rather than a find: its `$project` stage is honoured by the embedded server too (it ignores a find's
    // projection); on a real mongod the same index walk for the page.
    const stages: Document[] = [{ $match: filter }, { $sort: { 'last.at': -1, _id: 1 } }];
    if (query.skip > 0) stages.push({ $skip: query.skip });
    stages.push({ $limit: query.limit }, { $project: PAGE_FIELDS });
    return (await pipelineDocuments<ChatDocument>(this.named, stages, { batchSize: query.limit })).map(this.toChat);
  }

  async count(instance?: string): Promise<number> {
    // With an instance: counted on its index; without: every document of the source (the exact total of CONTRACT 8),
    // on the newest-first index.
    const source = this.source.name;
    return instance === undefined
      ? this.chats.countDocuments({ source }, { hint: 'source_newest_first' })
      : this.chats.countDocuments({ source, instance });
  }

  async findByIds(ids: readonly string[]): Promise<SdrChat[]> {
    if (ids.length === 0) return [];
    const docs = await this.chats.find({ _id: { $in: ids.map((id) => this.source.idOf(id)) } }).toArray();
    return docs.map(this.toChat);
  }

  async idsOfPersons(personIds: readonly string[], phoneKeys: readonly string[]): Promise<string[]> {
    const branches: Filter<ChatDocument>[] = [];
    if (personIds.length > 0) branches.push({ personId: { $in: [...personIds] } });
    if (phoneKeys.length > 0) branches.push({ phoneKey: { $in: [...phoneKeys] } });
    if (branches.length === 0) return [];
    const source = this.source.name;
    const docs = await this.chats
      .find(branches.length === 1 ? { source, ...branches[0] } : { source, $or: branches }, {
        projection: { _id: 1 },
      })
      .toArray();
    return docs.map((d) => this.source.keyOf(d._id));
  }

  async *activeBetween(range: { readonly from: Date; readonly to: Date }): AsyncIterable<ActiveChat> {
    const days = { $gte: utcDayOf(range.from), $lte: utcDayOf(range.to) };
    const filter = { source: this.source.name, kpiDays: { $elemMatch: days } };
    for await (const batch of periodRead<ActiveChatFields>(this.named, filter, ACTIVE_CHAT, {
      batchSize: ACTIVE_BATCH,
    }))
      for (const doc of batch)
        yield {
          instance: doc.instance,
          remoteJid: doc.remoteJid,
          phone: doc.phone as CanonicalPhone | null,
          kpi: kpiFactsOfDocument(doc),
        };
  }

  async ofPhones(phones: readonly string[], options: { readonly kpi?: boolean } = {}): Promise<SdrChat[]> {
    if (phones.length === 0) return [];
    const filter: Filter<ChatDocument> = { source: this.source.name, phone: { $in: [...phones] } };
    if (options.kpi !== false) return (await this.chats.find(filter).toArray()).map(this.toChat);
    // The page's fields (a `$project` stage: the embedded server honours it), decoded a reply at a time.
    const docs = await pipelineDocuments<ChatDocument>(this.named, [{ $match: filter }, { $project: PAGE_FIELDS }], {
      batchSize: OF_PHONES_BATCH,
    });
    return docs.map(this.toChat);
  }
}
