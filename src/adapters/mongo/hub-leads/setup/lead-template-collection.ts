import type { Collection, Db } from 'mongodb';
import type { CollectionIndexes } from '../../shared/collection-indexes';

export const HUB_LEAD_TEMPLATES = 'hub_lead_templates';

export interface LeadTemplateDocument {
  _id: string;
  orgId: string;
  name: string;
  active: boolean;
  pipelineExternalId: string;
  /** Pairs, because condition paths contain dots. */
  conditions: { path: string; value: string }[];
  message: string;
  createdAt: Date;
}

export function leadTemplateCollection(db: Db): Collection<LeadTemplateDocument> {
  return db.collection<LeadTemplateDocument>(HUB_LEAD_TEMPLATES);
}

export const hubLeadTemplateIndexes: CollectionIndexes = {
  collection: HUB_LEAD_TEMPLATES,
  indexes: [{ key: { orgId: 1, createdAt: 1 }, name: 'org_created' }],
};
