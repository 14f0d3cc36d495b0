import { LEAD_PROVIDERS, type Lead, type LeadChanges, type LeadProvider } from '../../../domain/hub-leads/lead';
import type { CollectionIndexes } from '../shared/collection-indexes';

export const HUB_LEADS = 'hub_leads';

/** Field names come from providers and contain dots: stored as pairs, never as document keys. */
export interface FieldPair {
  name: string;
  value: string;
}

export interface LeadDocument {
  _id: string;
  orgId: string;
  pipelineId: string;
  pipelineExternalId: string;
  externalId: string;
  provider: string;
  title: string | null;
  name: string | null;
  phone: string | null;
  email: string | null;
  stage: string | null;
  fields: FieldPair[];
  deleted: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const hubLeadIndexes: CollectionIndexes = {
  collection: HUB_LEADS,
  indexes: [
    // Spec part 2: one lead per provider identifier within a pipeline; concurrent redeliveries meet here.
    { key: { pipelineId: 1, externalId: 1 }, unique: true, name: 'pipeline_external_unique' },
    { key: { orgId: 1, provider: 1, externalId: 1 }, name: 'org_provider_external' },
    { key: { orgId: 1, createdAt: -1 }, name: 'org_created' },
  ],
};

const toPairs = (fields: Readonly<Record<string, string>>): FieldPair[] => Object.entries(fields).map(([name, value]) => ({ name, value }));

export const leadToDocument = (l: Lead): LeadDocument => ({
  _id: l.id,
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
  fields: toPairs(l.fields),
  deleted: l.deleted,
  createdAt: l.createdAt,
  updatedAt: l.updatedAt,
});

export function leadFromDocument(d: LeadDocument): Lead {
  if (!(LEAD_PROVIDERS as readonly string[]).includes(d.provider)) throw new Error(`lead ${d._id} has an unknown provider`);
  return {
    id: d._id,
    orgId: d.orgId,
    pipelineId: d.pipelineId,
    pipelineExternalId: d.pipelineExternalId,
    externalId: d.externalId,
    provider: d.provider as LeadProvider,
    title: d.title,
    name: d.name,
    phone: d.phone,
    email: d.email,
    stage: d.stage,
    fields: Object.fromEntries(d.fields.map((f) => [f.name, f.value])),
    deleted: d.deleted,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}

/** The `$set` of an event's changes: only the members it carries. */
export function changesToSet(changes: LeadChanges, now: Date): Partial<LeadDocument> {
  const set: Partial<LeadDocument> = { updatedAt: now };
  if (changes.title !== undefined) set.title = changes.title;
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.phone !== undefined) set.phone = changes.phone;
  if (changes.email !== undefined) set.email = changes.email;
  if (changes.stage !== undefined) set.stage = changes.stage;
  if (changes.fields !== undefined) set.fields = toPairs(changes.fields);
  if (changes.deleted !== undefined) set.deleted = changes.deleted;
  return set;
}
