import type { Db, Filter } from 'mongodb';
import type { HubErasure, HubErasureStore, NewHubErasure } from '../../../../application/hub-leads/privacy/ports';
import { isDuplicateKey } from '../../shared/mongo-errors';
import { hubErasuresCollection, type HubErasureDocument } from './hub-erasure-collection';

const erasureOf = (doc: HubErasureDocument): HubErasure => ({
  id: doc._id,
  orgId: doc.orgId,
  status: doc.status,
  reason: doc.reason,
  requestedAt: doc.requestedAt,
  doneAt: doc.doneAt,
  counts: doc.counts,
  subject: doc.subject ?? null,
});

export class MongoHubErasureStore implements HubErasureStore {
  constructor(private readonly db: Db) {}

  private get collection() {
    return hubErasuresCollection(this.db);
  }

  async create(erasure: NewHubErasure): Promise<{ readonly created: boolean; readonly erasure: HubErasure }> {
    const existing = await this.pendingFor(erasure.subjectKey);
    if (existing !== undefined) return { created: false, erasure: existing };
    const doc: HubErasureDocument = {
      _id: erasure.id,
      orgId: erasure.orgId,
      status: 'pending',
      reason: erasure.reason,
      requestedAt: erasure.requestedAt,
      doneAt: null,
      counts: {},
      subject: erasure.subject,
      subjectKey: erasure.subjectKey,
    };
    try {
      await this.collection.insertOne(doc);
      return { created: true, erasure: erasureOf(doc) };
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const winner = await this.pendingFor(erasure.subjectKey);
      if (winner === undefined) throw error;
      return { created: false, erasure: winner };
    }
  }

  private async pendingFor(subjectKey: string): Promise<HubErasure | undefined> {
    const doc = await this.collection.findOne({ subjectKey });
    return doc === null ? undefined : erasureOf(doc);
  }

  async findById(orgId: string, id: string): Promise<HubErasure | undefined> {
    const doc = await this.collection.findOne({ _id: id });
    return doc === null || doc.orgId !== orgId ? undefined : erasureOf(doc);
  }

  async pending(limit: number, orgId?: string): Promise<HubErasure[]> {
    const filter: Filter<HubErasureDocument> = { status: 'pending' };
    if (orgId !== undefined) filter.orgId = orgId;
    const docs = await this.collection.find(filter).sort({ requestedAt: 1 }).limit(limit).toArray();
    return docs.map(erasureOf);
  }

  async setCounts(id: string, counts: Readonly<Record<string, number>>): Promise<void> {
    await this.collection.updateOne(
      { _id: id, status: 'pending', countsSet: { $ne: true } },
      { $set: { counts: { ...counts }, countsSet: true } },
    );
  }

  async finish(id: string, doneAt: Date): Promise<void> {
    await this.collection.updateOne(
      { _id: id, status: 'pending' },
      { $set: { status: 'done', doneAt }, $unset: { subject: '', subjectKey: '' } },
    );
  }
}
