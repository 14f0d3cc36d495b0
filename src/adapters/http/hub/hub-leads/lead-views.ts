import * as t from 'io-ts';
import type { LeadEventRecord } from '../../../../application/hub-leads/ports';
import { LEAD_PROVIDERS, type Lead, type Pipeline } from '../../../../domain/hub-leads/lead';
import type { LeadTemplate } from '../../../../domain/hub-leads/lead-template';
import { Integer, IsoTimestamp } from '../../shared/openapi/json-schema';
import { oneOf } from '../../shared/decoding/codecs';

const NullableText = t.union([t.string, t.null]);
const Provider = oneOf(LEAD_PROVIDERS);

export const LeadView = t.type({
  id: t.string,
  orgId: t.string,
  pipelineId: t.string,
  pipelineExternalId: t.string,
  externalId: t.string,
  provider: Provider,
  title: NullableText,
  name: NullableText,
  phone: NullableText,
  email: NullableText,
  stage: NullableText,
  fields: t.record(t.string, t.string),
  deleted: t.boolean,
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
});
export const LeadEventView = t.type({
  id: t.string,
  provider: Provider,
  action: t.string,
  receivedAt: IsoTimestamp,
  rawBody: t.string,
});
export const LeadPageView = t.type({ leads: t.array(LeadView), page: Integer, limit: Integer, total: Integer });
export const LeadWithEventsView = t.intersection([LeadView, t.type({ events: t.array(LeadEventView) })]);
export const PipelineView = t.type({
  id: t.string,
  orgId: t.string,
  name: t.string,
  provider: Provider,
  externalId: t.string,
  createdAt: IsoTimestamp,
});
export const TemplateView = t.type({
  id: t.string,
  orgId: t.string,
  name: t.string,
  active: t.boolean,
  pipelineExternalId: t.string,
  conditions: t.record(t.string, t.string),
  message: t.string,
  createdAt: IsoTimestamp,
});

/** The view is the lead itself with its dates in ISO 8601: the domain type and the view list the same members. */
export const leadView = (l: Lead): t.TypeOf<typeof LeadView> => ({
  ...l,
  createdAt: l.createdAt.toISOString(),
  updatedAt: l.updatedAt.toISOString(),
});

export const leadEventView = (e: LeadEventRecord): t.TypeOf<typeof LeadEventView> => ({
  id: e.id,
  provider: e.provider,
  action: e.action,
  receivedAt: e.receivedAt.toISOString(),
  rawBody: e.rawBody,
});

export const pipelineView = (p: Pipeline): t.TypeOf<typeof PipelineView> => ({
  id: p.id,
  orgId: p.orgId,
  name: p.name,
  provider: p.provider,
  externalId: p.externalId,
  createdAt: p.createdAt.toISOString(),
});

export const templateView = (template: LeadTemplate): t.TypeOf<typeof TemplateView> => ({
  id: template.id,
  orgId: template.orgId,
  name: template.name,
  active: template.active,
  pipelineExternalId: template.pipelineExternalId,
  conditions: Object.fromEntries(template.conditions.map((c) => [c.path, c.value])),
  message: template.message,
  createdAt: template.createdAt.toISOString(),
});
