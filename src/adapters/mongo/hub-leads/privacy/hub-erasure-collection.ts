import type { Collection, Db } from 'mongodb';
import type { HubErasureStatus } from '../../../../application/hub-leads/privacy/ports';
import type { Subject } from '../../../../application/shared/privacy/subject';
import type { CollectionIndexes } from '../../shared/collection-indexes';

export const HUB_PRIVACY_ERASURES = 'hub_privacy_erasures';

/**
 * A hub erasure request (CONTRACT 12.3, 12.4). `subject` and `subjectKey` exist only while it is pending: the
 * update that marks it done unsets them. `countsSet`: the counts were fixed.
 */
export interface HubErasureDocument {
  _id: string;
  orgId: string;
  status: HubErasureStatus;
  reason: string;
  requestedAt: Date;
  doneAt: Date | null;
  counts: Record<string, number>;
  countsSet?: boolean;
  subject?: Subject;
  subjectKey?: string;
}

export const hubErasuresCollection = (db: Db): Collection<HubErasureDocument> =>
  db.collection<HubErasureDocument>(HUB_PRIVACY_ERASURES);

export const hubErasureIndexes: CollectionIndexes = {
  collection: HUB_PRIVACY_ERASURES,
  indexes: [
    // One pending job per subject and organization: the key of a pending request cannot be taken twice.
    {
      key: { subjectKey: 1 },
      name: 'unique_pending_subject_key',
      unique: true,
      partialFilterExpression: { subjectKey: { $type: 'string' } },
    },
    // The pending ones, oldest first (start, tick, `privacy erase --org`).
    { key: { status: 1, requestedAt: 1 }, name: 'by_status_oldest' },
  ],
};
