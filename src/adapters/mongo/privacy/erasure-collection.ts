import type { Collection, Db } from 'mongodb';
import type { ErasureStatus, ErasureSubject } from '../../../domain/privacy/erasure';
import type { CollectionIndexes } from '../shared/collection-indexes';

export const PRIVACY_ERASURES = 'privacy_erasures';

/**
 * An erasure request (CONTRACT 12.4). `subject`, `salt` and `subjectKeys` exist only while it is pending; the
 * update that marks it done unsets them. `countsSet`: the counts were fixed (a subject with nothing has `{}`).
 */
export interface ErasureDocument {
  _id: string;
  status: ErasureStatus;
  reason: string;
  requestedAt: Date;
  doneAt: Date | null;
  counts: Record<string, number>;
  countsSet?: boolean;
  subject?: ErasureSubject;
  salt?: string;
  subjectKeys?: string[];
}

export const erasuresCollection = (db: Db): Collection<ErasureDocument> =>
  db.collection<ErasureDocument>(PRIVACY_ERASURES);

export const erasureIndexes: CollectionIndexes = {
  collection: PRIVACY_ERASURES,
  indexes: [
    // One pending job per subject: a key of a pending request cannot be taken by a second one.
    {
      key: { subjectKeys: 1 },
      name: 'unique_pending_subject_key',
      unique: true,
      partialFilterExpression: { subjectKeys: { $type: 'string' } },
    },
    // The pending ones, oldest first (start, tick, `privacy erase`).
    { key: { status: 1, requestedAt: 1 }, name: 'by_status_oldest' },
    // The list, newest first.
    { key: { requestedAt: -1, _id: 1 }, name: 'newest_first' },
  ],
};
