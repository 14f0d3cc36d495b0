import type { LeadEventRecord } from '../../../application/hub-leads/ports';
import type { Lead, Pipeline } from '../../../domain/hub-leads/lead';
import type { LeadTemplate } from '../../../domain/hub-leads/lead-template';

export const leadView = (l: Lead) => ({
  id: l.id,
  orgId: l.orgId,
  pipelineId: l.pipelineId,
  pipelineExternalId: l.pipelineExternalId,
  externalId: l.externalId,
  provider: l.provider,
  title: l.title,
  name: l.name,
  phone: l.phone,
  email: l.email,
  stage: l.stage,
  fields: l.fields,
  deleted: l.deleted,
  createdAt: l.createdAt.toISOString(),
  updatedAt: l.updatedAt.toISOString(),
});

export const leadEventView = (e: LeadEventRecord) => ({ id: e.id, provider: e.provider, action: e.action, receivedAt: e.receivedAt.toISOString(), rawBody: e.rawBody });

export const pipelineView = (p: Pipeline) => ({ id: p.id, orgId: p.orgId, name: p.name, provider: p.provider, externalId: p.externalId, createdAt: p.createdAt.toISOString() });

export const templateView = (t: LeadTemplate) => ({
  id: t.id,
  orgId: t.orgId,
  name: t.name,
  active: t.active,
  pipelineExternalId: t.pipelineExternalId,
  conditions: Object.fromEntries(t.conditions.map((c) => [c.path, c.value])),
  message: t.message,
  createdAt: t.createdAt.toISOString(),
});
