import type { Collection, Db } from 'mongodb';
import type { CollectionIndexes } from '../../shared/collection-indexes';

export const HUB_CRM_CREDENTIALS = 'hub_crm_credentials';

/**
 * One credential set per organization (`_id` = orgId). The token is sent to the provider as a
 * bearer, so it is stored readable (a hash could not be sent); it is never returned by any route.
 */
export interface CrmCredentialsDocument {
  _id: string;
  endpoint: string;
  token: string;
  updatedAt: Date;
}

export function crmCredentialsCollection(db: Db): Collection<CrmCredentialsDocument> {
  return db.collection<CrmCredentialsDocument>(HUB_CRM_CREDENTIALS);
}

export const hubCrmCredentialsIndexes: CollectionIndexes = {
  collection: HUB_CRM_CREDENTIALS,
  // `_id` is the organization: no other index needed.
  indexes: [],
};
