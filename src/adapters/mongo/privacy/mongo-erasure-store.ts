import type { Db } from 'mongodb';
import type { Erasure } from '../../../domain/privacy/erasure';
import type { ErasureStore, NewErasure } from '../../../application/privacy/ports';
import { isDuplicateKey } from '../shared/mongo-errors';
import { erasuresCollection, type ErasureDocument } from './erasure-collection';

const erasureOf = (doc: ErasureDocument): Erasure => ({
  id: doc._id,
  status: doc.status,
  reason: doc.reason,
  requestedAt: doc.requestedAt,
  doneAt: doc.doneAt,
  counts: doc.counts,
  subject: doc.subject ?? null,
  salt: doc.salt ?? null,
  subjectKeys: doc.subjectKeys ?? [],
});

export class MongoErasureStore implements ErasureStore {
  constructor(private readonly db: Db) {}

  private get collection() {
    return erasuresCollection(this.db);
  }

  async create(erasure: NewErasure): Promise<{ readonly created: boolean; readonly erasure: Erasure }> {
    const existing = await this.pendingFor(erasure.subjectKeys);
    if (existing !== undefined) return { created: false, erasure: existing };
    const doc: ErasureDocument = {
      _id: erasure.id,
      status: 'pending',
      reason: erasure.reason,
      requestedAt: erasure.requestedAt,
      doneAt: null,
      counts: {},
      ...(erasure.subject === null ? {} : { subject: erasure.subject }),
      ...(erasure.salt === null ? {} : { salt: erasure.salt }),
      subjectKeys: [...erasure.subjectKeys],
    };
    try {
      await this.collection.insertOne(doc);
      return { created: true, erasure: erasureOf(doc) };
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const winner = await this.pendingFor(erasure.subjectKeys);
      if (winner === undefined) throw error;
      return { created: false, erasure: winner };
    }
  }

  private async pendingFor(keys: readonly string[]): Promise<Erasure | undefined> {
    if (keys.length === 0) return undefined;
    const doc = await this.collection.findOne({ subjectKeys: { $in: [...keys] } });
    return doc === null ? undefined : erasureOf(doc);
  }

  async findById(id: string): Promise<Erasure | undefined> {
    const doc = await this.collection.findOne({ _id: id });
    return doc === null ? undefined : erasureOf(doc);
  }

  async page(skip: number, limit: number): Promise<{ readonly items: Erasure[]; readonly total: number }> {
    const [docs, total] = await Promise.all([
      this.collection.find({}).sort({ requestedAt: -1, _id: 1 }).skip(skip).limit(limit).toArray(),
      this.collection.countDocuments({ requestedAt: { $type: 'date' } }),
    ]);
    return { items: docs.map(erasureOf), total };
  }

  async pending(limit: number): Promise<Erasure[]> {
    const docs = await this.collection.find({ status: 'pending' }).sort({ requestedAt: 1 }).limit(limit).toArray();
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
      { $set: { status: 'done', doneAt }, $unset: { subject: '', salt: '', subjectKeys: '' } },
    );
  }
}
