import { randomUUID } from 'node:crypto';
import type { Db, Filter } from 'mongodb';
import type { InteractionRefresh, InteractionWithNotes, SdrInteractionRepository } from '../../../application/sdr/ports';
import type { SdrInteraction, SdrNote, SdrStatus } from '../../../domain/sdr/interaction';
import {
  sdrInteractionsCollection,
  sdrNotesCollection,
  toSdrInteraction,
  toSdrInteractionDocument,
  type SdrInteractionDocument,
} from './sdr-interactions-collection';

/** Bound on optimistic retries of one status update; each lost round means another update won. */
const MAX_STATUS_ATTEMPTS = 100;

export class MongoSdrInteractionRepository implements SdrInteractionRepository {
  constructor(private readonly db: Db) {}

  private get interactions() {
    return sdrInteractionsCollection(this.db);
  }

  async insert(interaction: SdrInteraction): Promise<void> {
    await this.interactions.insertOne(toSdrInteractionDocument(interaction));
  }

  async findRecent(match: { personId?: string; phoneKey?: string; sessionId?: string }, since: Date): Promise<SdrInteraction | undefined> {
    const branches: Filter<SdrInteractionDocument>[] = [];
    if (match.personId !== undefined) branches.push({ personId: match.personId });
    if (match.phoneKey !== undefined) branches.push({ phoneKey: match.phoneKey });
    if (match.sessionId !== undefined) branches.push({ sessionId: match.sessionId });
    if (branches.length === 0) return undefined;
    const doc = await this.interactions.findOne({ $or: branches, createdAt: { $gte: since } }, { sort: { createdAt: -1, _id: -1 } });
    return doc === null ? undefined : toSdrInteraction(doc);
  }

  async refresh(id: string, fields: InteractionRefresh): Promise<void> {
    await this.interactions.updateOne({ _id: id }, { $set: fields, $inc: { version: 1 } });
  }

  async findLatestOfPersons(personIds: readonly string[]): Promise<SdrInteraction | undefined> {
    const doc = await this.interactions.findOne({ personId: { $in: [...personIds] } }, { sort: { createdAt: -1, _id: -1 } });
    return doc === null ? undefined : toSdrInteraction(doc);
  }

  async setStatus(id: string, status: SdrStatus, at: Date): Promise<{ previous: SdrStatus } | undefined> {
    for (let attempt = 0; attempt < MAX_STATUS_ATTEMPTS; attempt += 1) {
      const current = await this.interactions.findOne({ _id: id });
      if (current === null) return undefined;
      // Applies only to the version read: the status reported as previous is the one this write replaced.
      const { modifiedCount } = await this.interactions.updateOne(
        { _id: id, version: current.version },
        { $set: { status, updatedAt: at }, $inc: { version: 1 } },
      );
      if (modifiedCount === 1) return { previous: current.status };
    }
    throw new Error(`status of SDR interaction ${id} still contended after ${MAX_STATUS_ATTEMPTS} attempts`);
  }

  async appendNote(interactionId: string, note: SdrNote): Promise<void> {
    await sdrNotesCollection(this.db).insertOne({ _id: randomUUID(), interactionId, at: note.at, text: note.text });
  }

  async listOfPersons(personIds: readonly string[]): Promise<InteractionWithNotes[]> {
    const docs = await this.interactions.find({ personId: { $in: [...personIds] } }, { sort: { createdAt: -1, _id: -1 } }).toArray();
    if (docs.length === 0) return [];
    const notes = await sdrNotesCollection(this.db)
      .find({ interactionId: { $in: docs.map((d) => d._id) } }, { sort: { at: 1, _id: 1 } })
      .toArray();
    const byInteraction = new Map<string, SdrNote[]>();
    for (const note of notes) byInteraction.set(note.interactionId, [...(byInteraction.get(note.interactionId) ?? []), { at: note.at, text: note.text }]);
    return docs.map((doc) => ({ interaction: toSdrInteraction(doc), notes: byInteraction.get(doc._id) ?? [] }));
  }
}
