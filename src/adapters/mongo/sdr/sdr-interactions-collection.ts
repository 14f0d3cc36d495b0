import type { Collection, Db } from 'mongodb';
import type { SdrInteraction, SdrNote } from '../../../domain/sdr/interaction';
import type { CollectionIndexes } from '../shared/collection-indexes';

export const SDR_INTERACTIONS = 'sdr_interactions';
export const SDR_INTERACTION_NOTES = 'sdr_interaction_notes';

/**
 * An interaction; refreshes and status moves are revised updates (updateFirstAsRead: `revision`).
 * `currentKey`: the contact (creationContactKey) whose current interaction this is, unique, so racing
 * first contacts of one contact insert one interaction (CONTRACT 3.4, 10.3). It stays on the document
 * after the window; the next creation for the contact releases it. Never in an answer.
 */
export type SdrInteractionDocument = Omit<SdrInteraction, 'id' | 'convertedAt'> & {
  _id: string;
  /** Absent on documents written before conversion times were stored. */
  convertedAt?: Date | null;
  /** Absent on interactions stored before creations claimed their contact, and once released. */
  currentKey?: string;
  /** Set by an erasure (CONTRACT 12.4): phone and session id are pseudonyms, the notes removed. */
  erasedAt?: Date;
  /** Moved by every write an answer reads the document back from (Revised); absent until the first. */
  revision?: number;
};

/** One note, append-only: no `$push` (CONTRACT 1.1) and no read-modify-write of a notes field. */
export interface SdrNoteDocument extends SdrNote {
  _id: string;
  interactionId: string;
}

export const sdrInteractionsCollection = (db: Db): Collection<SdrInteractionDocument> =>
  db.collection<SdrInteractionDocument>(SDR_INTERACTIONS);
export const sdrNotesCollection = (db: Db): Collection<SdrNoteDocument> =>
  db.collection<SdrNoteDocument>(SDR_INTERACTION_NOTES);

export const sdrInteractionIndexes: CollectionIndexes = {
  collection: SDR_INTERACTIONS,
  indexes: [
    // "The most recent interaction of the person" and the person's list, newest first.
    { key: { personId: 1, createdAt: -1 }, name: 'by_person_newest' },
    // The create dedupe window by phone and by web session.
    {
      key: { phoneKey: 1, createdAt: -1 },
      name: 'by_phone_key_newest',
      partialFilterExpression: { phoneKey: { $type: 'string' } },
    },
    {
      key: { sessionId: 1, createdAt: -1 },
      name: 'by_session_newest',
      partialFilterExpression: { sessionId: { $type: 'string' } },
    },
    // The interactions of a contact (its canonical phone; web sessions use by_session_newest), refreshed into its read
    // model.
    { key: { phone: 1 }, name: 'by_phone', partialFilterExpression: { phone: { $type: 'string' } } },
    // The activity of a KPI period (CONTRACT 8.3, 10.1): interactions created, updated or converted in it.
    { key: { createdAt: 1 }, name: 'by_created' },
    { key: { updatedAt: 1 }, name: 'by_updated' },
    { key: { convertedAt: 1 }, name: 'by_converted' },
    // The interactions erasures pseudonymized (CONTRACT 12.4; check-data erased-subjects).
    { key: { erasedAt: 1 }, name: 'erased', partialFilterExpression: { erasedAt: { $type: 'date' } } },
    // One current interaction per contact: the database, not a read before it, picks the one of racing creations.
    {
      key: { currentKey: 1 },
      name: 'unique_current_per_contact',
      unique: true,
      partialFilterExpression: { currentKey: { $type: 'string' } },
    },
  ],
};

export const sdrNoteIndexes: CollectionIndexes = {
  collection: SDR_INTERACTION_NOTES,
  indexes: [{ key: { interactionId: 1, at: 1 }, name: 'by_interaction_oldest' }],
};
