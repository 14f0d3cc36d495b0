import type { Db } from 'mongodb';
import type { Erasure } from '../../../domain/privacy/erasure';
import type { ErasureStore, NewErasure } from '../../../application/privacy/ports';
import { erasuresCollection, type ErasureDocument } from './erasure-collection';
import { MongoErasureRequests, requestFieldsOf } from './erasure-requests';

const erasureOf = (doc: ErasureDocument): Erasure => ({
  ...requestFieldsOf(doc),
  salt: doc.salt ?? null,
  subjectKeys: doc.subjectKeys ?? [],
});

export class MongoErasureStore extends MongoErasureRequests<ErasureDocument> implements ErasureStore {
  constructor(db: Db) {
    super(db, erasuresCollection, ['subject', 'salt', 'subjectKeys']);
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
    return this.insertUnlessPending(doc, erasureOf, () => this.pendingFor(erasure.subjectKeys));
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
}
