import type { LeadTemplate } from '../../../domain/hub-leads/lead-template';
import type { CollectionIndexes } from '../shared/collection-indexes';

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

export const hubLeadTemplateIndexes: CollectionIndexes = {
  collection: HUB_LEAD_TEMPLATES,
  indexes: [{ key: { orgId: 1, createdAt: 1 }, name: 'org_created' }],
};

export const leadTemplateToDocument = (t: LeadTemplate): LeadTemplateDocument => ({
  _id: t.id,
  orgId: t.orgId,
  name: t.name,
  active: t.active,
  pipelineExternalId: t.pipelineExternalId,
  conditions: t.conditions.map((c) => ({ path: c.path, value: c.value })),
  message: t.message,
  createdAt: t.createdAt,
});

export const leadTemplateFromDocument = (d: LeadTemplateDocument): LeadTemplate => ({
  id: d._id,
  orgId: d.orgId,
  name: d.name,
  active: d.active,
  pipelineExternalId: d.pipelineExternalId,
  conditions: d.conditions,
  message: d.message,
  createdAt: d.createdAt,
});
