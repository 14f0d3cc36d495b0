import { randomUUID } from 'node:crypto';
import type { Db, Filter } from 'mongodb';
import type {
  CurrentInsert,
  InteractionRefresh,
  InteractionWithNotes,
  RecentMatch,
  SdrInteractionRepository,
  StatusChange,
} from '../../../application/sdr/ports';
import { contactKeyOfInteraction } from '../../../domain/sdr/contact';
import {
  conversionTimeAfterWrite,
  creationContactKey,
  storedConversionTime,
  type InteractionWrites,
  type SdrInteraction,
  type SdrNote,
  type SdrStatus,
} from '../../../domain/sdr/interaction';
import { isDuplicateKey } from '../shared/mongo-errors';
import { periodRead } from '../shared/projected-read';
import { updateFirstAsRead } from '../shared/revised-update';
import { toSdrInteraction, toSdrInteractionDocument, WRITES_FIELDS, writesOfDocument } from './sdr-interaction-mapper';
import {
  SDR_INTERACTIONS,
  sdrInteractionsCollection,
  sdrNotesCollection,
  type SdrInteractionDocument,
} from './sdr-interactions-collection';

/** Newest first; `_id` breaks ties so every caller agrees on "the newest". */
const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

export class MongoSdrInteractionRepository implements SdrInteractionRepository {
  constructor(private readonly db: Db) {}

  private get interactions() {
    return sdrInteractionsCollection(this.db);
  }

  async insert(interaction: SdrInteraction): Promise<void> {
    await this.interactions.insertOne(toSdrInteractionDocument(interaction));
  }

  /**
   * The insert carries `currentKey`, unique (`unique_current_per_contact`): of racing inserts for one
   * contact the server lets one through, on mongod and on jongodb (no transaction, no findAndModify).
   * A loser releases the key only from a holder created before the window (a conditional update, so
   * a fresh holder is never released) and tries again; a holder in the window makes it 'taken'.
   */
  async insertCurrent(interaction: SdrInteraction, since: Date): Promise<CurrentInsert> {
    const currentKey = creationContactKey(interaction);
    if (currentKey === undefined) {
      await this.insert(interaction);
      return 'inserted';
    }
    const doc: SdrInteractionDocument = { ...toSdrInteractionDocument(interaction), currentKey };
    for (let attempt = 0; attempt < RELEASE_ATTEMPTS; attempt += 1) {
      try {
        await this.interactions.insertOne(doc);
        return 'inserted';
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      const released = await this.interactions.updateOne(
        { currentKey, createdAt: { $lt: since } },
        { $unset: { currentKey: '' } },
      );
      if (released.modifiedCount === 0) return 'taken';
    }
    // Released every time and beaten every time: a holder of this window exists by now.
    return 'taken';
  }

  async findRecent(match: RecentMatch, since: Date): Promise<SdrInteraction | undefined> {
    const filter = recentFilter(match, since);
    const doc = filter === undefined ? null : await this.interactions.findOne(filter, { sort: NEWEST_FIRST });
    return doc === null ? undefined : toSdrInteraction(doc);
  }

  async refreshRecent(
    match: RecentMatch,
    since: Date,
    fields: InteractionRefresh,
  ): Promise<SdrInteraction | undefined> {
    const filter = recentFilter(match, since);
    if (filter === undefined) return undefined;
    const { channel, result, status, contact, sent, sentTo, convertedToLead, updatedAt } = fields;
    // The document as it was before this write: after it, it is that plus these fields (a revised update).
    const before = await updateFirstAsRead(this.interactions, filter, NEWEST_FIRST, {
      $set: { channel, result, status, contact, sent, sentTo, convertedToLead, updatedAt },
    });
    if (before === null) return undefined;
    const stored = toSdrInteraction(before);
    const refreshed: SdrInteraction = {
      ...stored,
      channel,
      result,
      status,
      contact,
      sent,
      sentTo,
      convertedToLead,
      updatedAt,
    };
    // A conversion time already held (or left as updatedAt by a converting write killed before its
    // second write, storedConversionTime) wins over this write's.
    const convertedAt = storedConversionTime(stored) ?? fields.convertedAt;
    if (convertedAt === null || stored.convertedAt !== null) return { ...refreshed, convertedAt };
    return { ...refreshed, convertedAt: await this.storeConversionTime(before._id, convertedAt) };
  }

  /**
   * Stores the conversion time on an interaction that has none, in one conditional write (only
   * $set, CONTRACT 1.1): of concurrent converting writes the first to get here wins. Answers the
   * stored time.
   */
  private async storeConversionTime(id: string, at: Date): Promise<Date> {
    const stored = await this.interactions.updateOne(
      { _id: id, convertedAt: null },
      { $set: { convertedAt: at }, $inc: { revision: 1 } },
    );
    if (stored.modifiedCount === 1) return at;
    const current = await this.interactions.findOne({ _id: id });
    return current?.convertedAt ?? at;
  }

  async setStatusOfLatest(
    personIds: readonly string[],
    status: SdrStatus,
    at: Date,
  ): Promise<StatusChange | undefined> {
    // One revised update picks the newest interaction, writes the status and hands back the document as
    // it was before this write: `previous` is the status this write replaced, whatever runs concurrently.
    const before = await updateFirstAsRead(this.interactions, { personId: { $in: [...personIds] } }, NEWEST_FIRST, {
      $set: { status, updatedAt: at },
    });
    if (before === null) return undefined;
    const moved = toSdrInteraction(before);
    const convertedAt = conversionTimeAfterWrite(storedConversionTime(moved), { ...moved, status }, at);
    const stored =
      convertedAt === null || moved.convertedAt !== null
        ? convertedAt
        : await this.storeConversionTime(before._id, convertedAt);
    return {
      interactionId: before._id,
      contactKey: contactKeyOfInteraction(moved),
      personId: before.personId,
      previous: before.status,
      convertedAt: stored,
      interaction: { ...moved, status, updatedAt: at, convertedAt: stored },
    };
  }

  async appendNote(interactionId: string, note: SdrNote): Promise<void> {
    await sdrNotesCollection(this.db).insertOne({ _id: randomUUID(), interactionId, at: note.at, text: note.text });
  }

  async listOfPersons(personIds: readonly string[], limit?: number): Promise<InteractionWithNotes[]> {
    const docs = await this.interactions
      .find({ personId: { $in: [...personIds] } }, { sort: NEWEST_FIRST, ...(limit === undefined ? {} : { limit }) })
      .toArray();
    if (docs.length === 0) return [];
    const notes = await sdrNotesCollection(this.db)
      .find({ interactionId: { $in: docs.map((d) => d._id) } }, { sort: { at: 1, _id: 1 } })
      .toArray();
    const byInteraction = new Map<string, SdrNote[]>();
    for (const note of notes)
      byInteraction.set(note.interactionId, [
        ...(byInteraction.get(note.interactionId) ?? []),
        { at: note.at, text: note.text },
      ]);
    return docs.map((doc) => ({ interaction: toSdrInteraction(doc), notes: byInteraction.get(doc._id) ?? [] }));
  }

  async ofContacts(keys: readonly string[]): Promise<SdrInteraction[]> {
    if (keys.length === 0) return [];
    const phones = keys.filter((k) => /^\d+$/.test(k));
    const ids = keys.filter((k) => k.startsWith(KEYLESS)).map((k) => k.slice(KEYLESS.length));
    const sessions = keys.filter((k) => !/^\d+$/.test(k) && !k.startsWith(KEYLESS));
    const branches: Filter<SdrInteractionDocument>[] = [];
    if (phones.length > 0) branches.push({ phone: { $in: phones } });
    if (sessions.length > 0) branches.push({ sessionId: { $in: sessions } });
    if (ids.length > 0) branches.push({ _id: { $in: ids } });
    const docs = await this.interactions
      .find(branches.length === 1 ? (branches[0] as Filter<SdrInteractionDocument>) : { $or: branches })
      .toArray();
    const wanted = new Set(keys);
    return docs.map(toSdrInteraction).filter((i) => wanted.has(contactKeyOfInteraction(i)));
  }

  async *writtenBetween(from: Date, to: Date): AsyncIterable<InteractionWrites> {
    const range = { $gte: from, $lte: to };
    const filter = { $or: [{ createdAt: range }, { updatedAt: range }, { convertedAt: range }] };
    type Writes = Parameters<typeof writesOfDocument>[0];
    const interactions = { db: this.db, name: SDR_INTERACTIONS };
    for await (const batch of periodRead<Writes>(interactions, filter, WRITES_FIELDS, { batchSize: PERIOD_BATCH }))
      for (const doc of batch) yield writesOfDocument(doc);
  }

  async *streamAll(): AsyncIterable<SdrInteraction> {
    // In `_id` order (the `_id` index serves it): a full read, in cursor batches, never one array.
    for await (const doc of this.interactions.find({}, { sort: { _id: 1 } }).batchSize(STREAM_BATCH))
      yield toSdrInteraction(doc);
  }
}

/** The contact key of an interaction with neither phone nor session id (contactKeyOfInteraction). */
const KEYLESS = 'interaction:';

/** Inserts tried by insertCurrent, each after releasing a holder from before the window. */
const RELEASE_ATTEMPTS = 3;

/** Interactions per cursor batch when streaming them all. */
const STREAM_BATCH = 500;

/**
 * Interactions per cursor batch of a period's read (CONTRACT 10.1): a few write times each, so a busy month comes in
 * one or two replies rather than a round trip per 500 (each costs the service more than decoding 500 such documents).
 */
const PERIOD_BATCH = 5_000;

/** Indexed branches (`by_person_newest`, `by_phone_key_newest`, `by_session_newest`) within the window. */
function recentFilter(match: RecentMatch, since: Date): Filter<SdrInteractionDocument> | undefined {
  const branches: Filter<SdrInteractionDocument>[] = [];
  if (match.personId !== undefined) branches.push({ personId: match.personId });
  if (match.phoneKey !== undefined) branches.push({ phoneKey: match.phoneKey });
  if (match.sessionId !== undefined) branches.push({ sessionId: match.sessionId });
  return branches.length === 0 ? undefined : { $or: branches, createdAt: { $gte: since } };
}
