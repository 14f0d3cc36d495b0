import type { LeadTemplate } from '../../../../domain/hub-leads/lead-template';
import type { LeadTemplateDocument } from './lead-template-collection';

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
  conditions: d.conditions.map((c) => ({ path: c.path, value: c.value })),
  message: d.message,
  createdAt: d.createdAt,
});
