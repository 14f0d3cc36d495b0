import type { Collection, Db } from 'mongodb';
import type { CollectionIndexes } from '../../shared/collection-indexes';

export const HUB_OUTBOX = 'hub_outbox';

/** A queued first message; the messaging channel sends it and moves `status` on (not this service). */
export interface OutboxDocument {
  _id: string;
  orgId: string;
  leadId: string;
  templateId: string;
  to: string;
  text: string;
  status: 'pending';
  createdAt: Date;
}

export function outboxCollection(db: Db): Collection<OutboxDocument> {
  return db.collection<OutboxDocument>(HUB_OUTBOX);
}

export const hubOutboxIndexes: CollectionIndexes = {
  collection: HUB_OUTBOX,
  indexes: [
    { key: { status: 1, createdAt: 1 }, name: 'status_created' },
    { key: { orgId: 1, createdAt: 1 }, name: 'org_created' },
    // CONTRACT 12.3: the entries of a data subject's leads.
    { key: { orgId: 1, leadId: 1 }, name: 'org_lead' },
  ],
};
