import type { Collection, Db } from 'mongodb';
import { valueKeysOf } from '../../../../domain/hub-leads/lead-value-keys';
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
  /**
   * The keys of the phones and e-mails its title and field values are (a CRM card's, CONTRACT 6.1, 12.3), as
   * `phone:<DDD + last 8>` and `email:<lower case>`. Absent only before the upgrade's fill.
   */
  valueKeys?: string[];
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

/** A field pair's value, whatever a stored document holds there. */
const pairValue = (pair: unknown): unknown =>
  typeof pair === 'object' && pair !== null ? (pair as Partial<FieldPair>).value : undefined;

/**
 * A data subject's leads by a phone or e-mail held in the title or a field's value (CONTRACT 12.3; a CRM card
 * has no phone or e-mail of its own, 6.1): stored by every write that sets either, erasure included.
 */
export const leadValueKeys: DerivedField<'title' | 'fields', string[]> = {
  field: 'valueKeys',
  sources: ['title', 'fields'],
  derive: ({ title, fields }) => valueKeysOf([title, ...(Array.isArray(fields) ? fields.map(pairValue) : [])]),
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
    // ... and by a phone or e-mail a title or field value is (a CRM card's lead).
    { key: { orgId: 1, valueKeys: 1 }, name: 'org_value_keys', derives: leadValueKeys },
    // check-data `erased-subjects`: the erased leads only.
    { key: { erased: 1 }, name: 'erased', partialFilterExpression: { erased: true } },
  ],
};
