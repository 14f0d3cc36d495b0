import type { Collection, Db } from 'mongodb';
import { HUB_ORGANIZATIONS } from '../../hub-identity/organization-collection';

/**
 * The settings live on the organization document (the secret already does, from `hub create-org`),
 * so one read by `_id` answers both "does the organization exist" (404) and "how to verify". The
 * collection and its indexes belong to hub identity; this is the part of its documents this adapter
 * reads and writes.
 */
export interface OrganizationWebhookDocument {
  _id: string;
  webhookSecret?: string;
  webhookSettings?: StoredWebhookSettings;
}

/** Members are written one by one, so any of them may be absent on an older document. */
export interface StoredWebhookSettings {
  humanTeam?: boolean;
  /** The business hours as text (`mon-fri 09:00-18:00`), parsed again when read. */
  businessHours?: string | null;
  timezone?: string;
}

export function organizationWebhookCollection(db: Db): Collection<OrganizationWebhookDocument> {
  return db.collection<OrganizationWebhookDocument>(HUB_ORGANIZATIONS);
}
