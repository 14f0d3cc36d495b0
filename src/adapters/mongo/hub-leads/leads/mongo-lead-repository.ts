import type { Db, Filter } from 'mongodb';
import type { LeadQuery, LeadRepository, LeadUpsert } from '../../../../application/hub-leads/ports';
import type { Lead, LeadChanges, LeadProvider } from '../../../../domain/hub-leads/lead';
import { isDuplicateKey } from '../../shared/mongo-errors';
import { leadCollection, type LeadDocument } from './lead-collection';
import { changesToSet, leadFromDocument, leadToDocument, valueKeysWhile } from './lead-mapper';

const UPSERT_ATTEMPTS = 5;

export class MongoLeadRepository implements LeadRepository {
  constructor(private readonly db: Db) {}

  /**
   * Insert-or-update without findOneAndUpdate (not atomic on every server we run on): the unique
   * (pipelineId, externalId) index lets exactly one insert win; a loser gets E11000, reads the
   * winner's lead and applies its changes with `$set` (commutative per member, so redeliveries converge). A change
   * of the title alone or the fields alone also derives the value keys (CONTRACT 12.3) from both, so it holds only
   * while the other is as read; one that lost reads again (it loses once per concurrent change of the other).
   */
  async upsert(fresh: Lead, changes: LeadChanges, now: Date): Promise<LeadUpsert> {
    for (let attempt = 0; attempt < UPSERT_ATTEMPTS; attempt += 1) {
      const existing = await leadCollection(this.db).findOne({
        pipelineId: fresh.pipelineId,
        externalId: fresh.externalId,
      });
      if (existing === null) {
        try {
          await leadCollection(this.db).insertOne(leadToDocument(fresh));
          return { lead: fresh, created: true };
        } catch (error) {
          if (isDuplicateKey(error)) continue;
          throw error;
        }
      }
      const set = changesToSet(changes, now, existing);
      const written = await leadCollection(this.db).updateOne(
        { _id: existing._id, ...valueKeysWhile(set, existing) },
        { $set: set },
      );
      if (written.matchedCount === 0) continue;
      return { lead: leadFromDocument({ ...existing, ...set }), created: false };
    }
    throw new Error(`lead ${fresh.pipelineId}/${fresh.externalId}: upsert did not converge`);
  }

  async findByProviderId(orgId: string, provider: LeadProvider, externalId: string): Promise<Lead | undefined> {
    const doc = await leadCollection(this.db).findOne({ orgId, provider, externalId });
    return doc === null ? undefined : leadFromDocument(doc);
  }

  async findById(orgId: string, id: string): Promise<Lead | undefined> {
    const doc = await leadCollection(this.db).findOne({ _id: id, orgId });
    return doc === null ? undefined : leadFromDocument(doc);
  }

  async list(query: LeadQuery): Promise<{ leads: readonly Lead[]; total: number }> {
    const filter: Filter<LeadDocument> = { orgId: query.orgId };
    if (query.phone !== undefined) filter.phone = query.phone;
    if (query.pipelineId !== undefined) filter.pipelineId = query.pipelineId;
    if (query.stage !== undefined) filter.stage = query.stage;
    const [docs, total] = await Promise.all([
      leadCollection(this.db)
        .find(filter)
        .sort({ createdAt: -1, _id: 1 })
        .skip((query.page - 1) * query.limit)
        .limit(query.limit)
        .toArray(),
      leadCollection(this.db).countDocuments(filter),
    ]);
    return { leads: docs.map(leadFromDocument), total };
  }
}
