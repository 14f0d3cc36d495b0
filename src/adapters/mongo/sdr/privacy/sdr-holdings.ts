import type { Db, Document, Filter } from 'mongodb';
import type { HoldingReader } from '../../../../application/shared/privacy/holding';
import { phoneKeysOf, phoneSpellingsOf } from '../../../../application/shared/privacy/subject-values';
import type { Subject } from '../../../../application/shared/privacy/subject';
import { parseGatewayRecord, toGatewayMessage } from '../../../../domain/sdr/gateway-message';
import { gatewayMessagesCollection } from '../gateway-messages-collection';
import { chatReadModelCollection, type ChatDocument } from '../read-models/chat-read-model-collection';
import { contactOfDocument } from '../read-models/contact-document';
import { contactReadModelCollection, type ContactDocument } from '../read-models/contact-read-model-collection';
import type { ReadModelSource } from '../read-models/read-model-source';
import { toSdrInteraction } from '../sdr-interaction-mapper';
import {
  sdrInteractionsCollection,
  sdrNotesCollection,
  type SdrInteractionDocument,
} from '../sdr-interactions-collection';

/** Documents per cursor batch of an export: what the process holds of a store at a time. */
const BATCH = 200;

function orOf<T>(branches: readonly (Filter<T> | undefined)[]): Filter<T> | undefined {
  const present = branches.filter((b): b is Filter<T> => b !== undefined);
  return present.length === 0 ? undefined : ({ $or: present } as Filter<T>);
}
const inOf = (values: readonly string[]) => (values.length === 0 ? undefined : { $in: [...values] });

function interactionFilter(subject: Subject): Filter<SdrInteractionDocument> | undefined {
  const persons = inOf(subject.personIds);
  const keys = inOf(phoneKeysOf(subject));
  return orOf<SdrInteractionDocument>([persons && { personId: persons }, keys && { phoneKey: keys }]);
}

/** `sdrInteractions` (CONTRACT 12.1): the interactions of the subject's persons or phones, with their notes. */
export class MongoSdrInteractionsHolding implements HoldingReader {
  constructor(private readonly db: Db) {}

  async count(subject: Subject): Promise<number> {
    const filter = interactionFilter(subject);
    return filter === undefined ? 0 : sdrInteractionsCollection(this.db).countDocuments(filter);
  }

  async *documents(subject: Subject): AsyncIterable<unknown> {
    const filter = interactionFilter(subject);
    if (filter === undefined) return;
    for await (const doc of sdrInteractionsCollection(this.db).find(filter).batchSize(BATCH)) {
      const notes = await sdrNotesCollection(this.db).find({ interactionId: doc._id }).sort({ at: 1 }).toArray();
      yield { ...toSdrInteraction(doc), notes: notes.map((note) => ({ at: note.at, text: note.text })) };
    }
  }
}

function contactFilter(source: ReadModelSource, subject: Subject): Filter<ContactDocument> | undefined {
  const persons = inOf(subject.personIds);
  const keys = inOf(phoneKeysOf(subject));
  const or = orOf<ContactDocument>([persons && { personIds: persons }, keys && { phoneKey: keys }]);
  return or === undefined ? undefined : { source: source.name, ...or };
}

/** `sdrContacts` (CONTRACT 12.1): the contact read model's documents of the subject (as the list answers them). */
export class MongoSdrContactsHolding implements HoldingReader {
  constructor(
    private readonly db: Db,
    private readonly source: ReadModelSource,
  ) {}

  async count(subject: Subject): Promise<number> {
    const filter = contactFilter(this.source, subject);
    return filter === undefined ? 0 : contactReadModelCollection(this.db).countDocuments(filter);
  }

  async *documents(subject: Subject): AsyncIterable<unknown> {
    const filter = contactFilter(this.source, subject);
    if (filter === undefined) return;
    const toContact = contactOfDocument(this.source);
    for await (const doc of contactReadModelCollection(this.db).find(filter).batchSize(BATCH)) yield toContact(doc);
  }
}

function chatFilter(source: ReadModelSource, subject: Subject): Filter<ChatDocument> | undefined {
  const phones = inOf(subject.phones);
  return phones === undefined ? undefined : { source: source.name, phone: phones };
}

/** `sdrChats` (CONTRACT 12.1): the chat read model's documents of the subject's phones. */
export class MongoSdrChatsHolding implements HoldingReader {
  constructor(
    private readonly db: Db,
    private readonly source: ReadModelSource,
  ) {}

  async count(subject: Subject): Promise<number> {
    const filter = chatFilter(this.source, subject);
    return filter === undefined ? 0 : chatReadModelCollection(this.db).countDocuments(filter);
  }

  async *documents(subject: Subject): AsyncIterable<unknown> {
    const filter = chatFilter(this.source, subject);
    if (filter === undefined) return;
    for await (const doc of chatReadModelCollection(this.db).find(filter).batchSize(BATCH)) {
      const { instance, remoteJid, phone, messageCount, firstAt, last, pushName, pushNameAt } = doc;
      yield { instance, remoteJid, phone, messageCount, firstAt, last, pushName, pushNameAt };
    }
  }
}

/** The one-to-one chat ids of the subject's phones, in each spelling (with and without the ninth digit). */
export function jidsOf(subject: Subject): string[] {
  return phoneSpellingsOf(subject).flatMap((digits) => [`${digits}@s.whatsapp.net`, `${digits}@c.us`]);
}

/** `gatewayMessages` (CONTRACT 8.1, 12.1): the gateway's messages of the subject's one-to-one chats. */
export class MongoGatewayMessagesHolding implements HoldingReader {
  constructor(
    private readonly db: Db,
    private readonly collection: string,
  ) {}

  private filter(subject: Subject): Document | undefined {
    const jids = jidsOf(subject);
    return jids.length === 0 ? undefined : { 'key.remoteJid': { $in: jids } };
  }

  async count(subject: Subject): Promise<number> {
    const filter = this.filter(subject);
    return filter === undefined ? 0 : gatewayMessagesCollection(this.db, this.collection).countDocuments(filter);
  }

  async *documents(subject: Subject): AsyncIterable<unknown> {
    const filter = this.filter(subject);
    if (filter === undefined) return;
    const cursor = gatewayMessagesCollection(this.db, this.collection).find(filter).batchSize(BATCH);
    for await (const doc of cursor) {
      const record = parseGatewayRecord(doc);
      if (record !== undefined) yield { ...toGatewayMessage(record), message: record.message };
    }
  }
}

/** The SDR area's holdings (CONTRACT 12.1), in their place among the sales service's stores. */
export function sdrHoldings(db: Db, gatewayDb: Db, gatewayCollection: string, source: ReadModelSource) {
  return [
    { store: 'sdrInteractions', position: 30, reader: new MongoSdrInteractionsHolding(db) },
    { store: 'sdrContacts', position: 40, reader: new MongoSdrContactsHolding(db, source) },
    { store: 'sdrChats', position: 50, reader: new MongoSdrChatsHolding(db, source) },
    { store: 'gatewayMessages', position: 60, reader: new MongoGatewayMessagesHolding(gatewayDb, gatewayCollection) },
  ];
}
