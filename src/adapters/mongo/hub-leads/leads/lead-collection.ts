import type { Collection, Db } from 'mongodb';
import { emailKeyOf } from '../../../../domain/shared/email-key';
import type { CollectionIndexes } from '../../shared/collection-indexes';
import type { DerivedField } from '../../shared/derived-fields';

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
  /** As the provider sent it (the lead views answer it so). */
  email: string | null;
  /** The e-mail's key (lower case, CONTRACT 12.1); null without an e-mail. Absent only before the upgrade's fill. */
  emailKey?: string | null;
  stage: string | null;
  fields: FieldPair[];
  deleted: boolean;
  /** Set by a privacy erasure (CONTRACT 12.4): the personal values are gone; `check-data` holds it to that. */
  erased?: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export function leadCollection(db: Db): Collection<LeadDocument> {
  return db.collection<LeadDocument>(HUB_LEADS);
}

/** A data subject's leads by an e-mail in any case (CONTRACT 12.3): stored by every write, erasure included. */
export const leadEmailKey: DerivedField<'email', string | null> = {
  field: 'emailKey',
  sources: ['email'],
  derive: ({ email }) => (typeof email === 'string' && email.trim() !== '' ? emailKeyOf(email) : null),
};

export const hubLeadIndexes: CollectionIndexes = {
  collection: HUB_LEADS,
  indexes: [
    // Spec part 2: one lead per provider identifier within a pipeline; concurrent redeliveries meet here.
    { key: { pipelineId: 1, externalId: 1 }, unique: true, name: 'pipeline_external_unique' },
    { key: { orgId: 1, provider: 1, externalId: 1 }, name: 'org_provider_external' },
    { key: { orgId: 1, createdAt: -1 }, name: 'org_created' },
    // CONTRACT 12.3: a data subject's leads, by phone or by e-mail (in any case) within one organization.
    { key: { orgId: 1, phone: 1 }, name: 'org_phone' },
    { key: { orgId: 1, emailKey: 1 }, name: 'org_email_key', derives: leadEmailKey },
    // check-data `erased-subjects`: the erased leads only.
    { key: { erased: 1 }, name: 'erased', partialFilterExpression: { erased: true } },
  ],
};
