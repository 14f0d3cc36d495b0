import type { Db, Filter } from 'mongodb';
import type { HubErasure, HubErasureStore, NewHubErasure } from '../../../../application/hub-leads/privacy/ports';
import { hubErasuresCollection, type HubErasureDocument } from './hub-erasure-collection';
import { MongoErasureRequests, requestFieldsOf } from '../../privacy/erasure-requests';

const erasureOf = (doc: HubErasureDocument): HubErasure => ({ ...requestFieldsOf(doc), orgId: doc.orgId });

export class MongoHubErasureStore extends MongoErasureRequests<HubErasureDocument> implements HubErasureStore {
  constructor(db: Db) {
    super(db, hubErasuresCollection, ['subject', 'subjectKey']);
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
    return this.insertUnlessPending(doc, erasureOf, () => this.pendingFor(erasure.subjectKey));
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
}
