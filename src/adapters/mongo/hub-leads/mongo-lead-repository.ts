import type { Db, Filter } from 'mongodb';
import type { LeadQuery, LeadRepository, LeadUpsert } from '../../../application/hub-leads/ports';
import type { Lead, LeadChanges, LeadProvider } from '../../../domain/hub-leads/lead';
import { changesToSet, HUB_LEADS, leadFromDocument, leadToDocument, type LeadDocument } from './lead-collection';
import { isDuplicateKey } from '../shared/mongo-errors';

const UPSERT_ATTEMPTS = 5;

export class MongoLeadRepository implements LeadRepository {
  constructor(private readonly db: Db) {}

  private get collection() {
    return this.db.collection<LeadDocument>(HUB_LEADS);
  }

  /**
   * Insert-or-update without findOneAndUpdate (not atomic on every server we run on): the unique
   * (pipelineId, externalId) index lets exactly one insert win; a loser gets E11000, reads the
   * winner's lead and applies its changes with `$set` (commutative per member, so redeliveries converge).
   */
  async upsert(fresh: Lead, changes: LeadChanges, now: Date): Promise<LeadUpsert> {
    for (let attempt = 0; attempt < UPSERT_ATTEMPTS; attempt += 1) {
      const existing = await this.collection.findOne({ pipelineId: fresh.pipelineId, externalId: fresh.externalId });
      if (existing === null) {
        try {
          await this.collection.insertOne(leadToDocument(fresh));
          return { lead: fresh, created: true };
        } catch (error) {
          if (isDuplicateKey(error)) continue;
          throw error;
        }
      }
      const set = changesToSet(changes, now);
      await this.collection.updateOne({ _id: existing._id }, { $set: set });
      return { lead: leadFromDocument({ ...existing, ...set }), created: false };
    }
    throw new Error(`lead ${fresh.pipelineId}/${fresh.externalId}: upsert did not converge`);
  }

  async findByKey(pipelineId: string, externalId: string): Promise<Lead | undefined> {
    const doc = await this.collection.findOne({ pipelineId, externalId });
    return doc === null ? undefined : leadFromDocument(doc);
  }

  async findByProviderId(orgId: string, provider: LeadProvider, externalId: string): Promise<Lead | undefined> {
    const doc = await this.collection.findOne({ orgId, provider, externalId });
    return doc === null ? undefined : leadFromDocument(doc);
  }

  async findById(orgId: string, id: string): Promise<Lead | undefined> {
    const doc = await this.collection.findOne({ _id: id, orgId });
    return doc === null ? undefined : leadFromDocument(doc);
  }

  async list(query: LeadQuery): Promise<{ leads: readonly Lead[]; total: number }> {
    const filter: Filter<LeadDocument> = { orgId: query.orgId };
    if (query.phone !== undefined) filter.phone = query.phone;
    if (query.pipelineId !== undefined) filter.pipelineId = query.pipelineId;
    if (query.stage !== undefined) filter.stage = query.stage;
    const [docs, total] = await Promise.all([
      this.collection
        .find(filter)
        .sort({ createdAt: -1, _id: 1 })
        .skip((query.page - 1) * query.limit)
        .limit(query.limit)
        .toArray(),
      this.collection.countDocuments(filter),
    ]);
    return { leads: docs.map(leadFromDocument), total };
  }
}
