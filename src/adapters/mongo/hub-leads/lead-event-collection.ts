import type { Collection, Db } from 'mongodb';
import type { CollectionIndexes } from '../shared/collection-indexes';

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
  indexes: [{ key: { leadId: 1, receivedAt: 1 }, name: 'lead_received' }],
};
