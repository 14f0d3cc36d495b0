import { LEAD_PROVIDERS, type Lead, type LeadChanges, type LeadProvider } from '../../../../domain/hub-leads/lead';
import { leadEmailKey, leadValueKeys, type FieldPair, type LeadDocument } from './lead-collection';

const toPairs = (fields: Readonly<Record<string, string>>): FieldPair[] =>
  Object.entries(fields).map(([name, value]) => ({ name, value }));

export function leadToDocument({ id, fields, ...rest }: Lead): LeadDocument {
  const pairs = toPairs(fields);
  return {
    _id: id,
    ...rest,
    emailKey: leadEmailKey.derive(rest),
    valueKeys: leadValueKeys.derive({ title: rest.title, fields: pairs }),
    fields: pairs,
  };
}

/** Member by member: a stored document may carry more than a lead has, and only a lead's members reach a view. */
export function leadFromDocument(d: LeadDocument): Lead {
  if (!(LEAD_PROVIDERS as readonly string[]).includes(d.provider)) {
    throw new Error(`lead ${d._id} has an unknown provider`);
  }
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

/**
 * The `$set` of an event's changes to the lead `existing` (as read): only the members it carries, and the keys
 * derived from them. The value keys come from the title and the fields together, so a change of one derives them
 * with the other as read: `valueKeysWhile` gives the condition that keeps them true.
 */
export function changesToSet(changes: LeadChanges, now: Date, existing: LeadDocument): Partial<LeadDocument> {
  const set: Partial<LeadDocument> = { updatedAt: now };
  if (changes.title !== undefined) set.title = changes.title;
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.phone !== undefined) set.phone = changes.phone;
  if (changes.email !== undefined) {
    set.email = changes.email;
    set.emailKey = leadEmailKey.derive(changes);
  }
  if (changes.stage !== undefined) set.stage = changes.stage;
  if (changes.fields !== undefined) set.fields = toPairs(changes.fields);
  if (changes.deleted !== undefined) set.deleted = changes.deleted;
  if (set.title !== undefined || set.fields !== undefined)
    set.valueKeys = leadValueKeys.derive({ ...existing, ...set });
  return set;
}

/**
 * The condition `set` holds under: when it derived the value keys from one source it carries and the other as read
 * (a card.move's title alone, CONTRACT 6.1), that other source is still as read. A set that carries both needs none.
 */
export function valueKeysWhile(set: Partial<LeadDocument>, existing: LeadDocument): Partial<LeadDocument> {
  if (set.valueKeys === undefined) return {};
  return {
    ...(set.title === undefined ? { title: existing.title } : {}),
    ...(set.fields === undefined ? { fields: existing.fields } : {}),
  };
}
