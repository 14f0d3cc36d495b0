import type { Collection, Db } from 'mongodb';
import type { CollectionIndexes } from '../../shared/collection-indexes';
import { INBOUND_WEBHOOK_RETENTION_SECONDS } from '../../shared/expiry/retention';

export const HUB_LEAD_EVENTS = 'hub_lead_events';

/** One accepted delivery; the payload is kept as the exact text received (never parsed into keys). */
export interface LeadEventDocument {
  _id: string;
  orgId: string;
  leadId: string;
  provider: string;
  action: string;
  rawBody: string;
  bodyHash: string;
  receivedAt: Date;
}

export function leadEventCollection(db: Db): Collection<LeadEventDocument> {
  return db.collection<LeadEventDocument>(HUB_LEAD_EVENTS);
}

export const hubLeadEventIndexes: CollectionIndexes = {
  collection: HUB_LEAD_EVENTS,
  indexes: [
    { key: { leadId: 1, receivedAt: 1 }, name: 'lead_received' },
    // CONTRACT 9.4: raw inbound webhook events are removed 90 days after they arrived (a TTL index has
    // one field, so it cannot be the compound index above).
    { key: { receivedAt: 1 }, name: 'received_ttl', expireAfterSeconds: INBOUND_WEBHOOK_RETENTION_SECONDS },
  ],
};
