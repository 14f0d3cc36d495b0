import type { Binary, Collection, Db } from 'mongodb';
import type { CollectionIndexes } from '../../shared/collection-indexes';
import type { VersionedFields } from './versioned-collection';

export const SDR_CHATS = 'sdr_chats';

/**
 * One one-to-one gateway chat (CONTRACT 8.1, 10.1) of one gateway store, `_id` the source's prefix and
 * `<instance>:<remoteJid>`; derived from the store's messages.
 */
export interface ChatDocument extends VersionedFields {
  instance: string;
  remoteJid: string;
  phone: string | null;
  messageCount: number;
  firstAt: Date;
  last: { id: string; fromMe: boolean; pushName: string | null; type: string; text: string | null; at: Date };
  pushName: string | null;
  pushNameAt: Date | null;
  /** The person with the chat's phone (SdrChat.personId), kept by the refresh. */
  personId: string | null;
  /** The phone's match key (DDD + last 8 digits): the persons holding it change the chat's person. */
  phoneKey: string | null;
  /** ChatKpiFacts (CONTRACT 8.3): 15-minute buckets with a message, with an inbound one, the turns, packed (kpiFieldsOf). */
  kpiFacts: Binary;
  /** The UTC days of the buckets: what the KPI finds the chats active in a period by. */
  kpiDays: number[];
}

export const chatReadModelCollection = (db: Db): Collection<ChatDocument> => db.collection<ChatDocument>(SDR_CHATS);

export const chatReadModelIndexes: CollectionIndexes = {
  collection: SDR_CHATS,
  indexes: [
    // Every query names its source (ReadModelSource): every index leads with it.
    { key: { source: 1, 'last.at': -1, _id: 1 }, name: 'source_newest_first' },
    { key: { source: 1, instance: 1, 'last.at': -1, _id: 1 }, name: 'source_instance_newest_first' },
    {
      key: { source: 1, phone: 1 },
      name: 'source_by_phone',
      partialFilterExpression: { phone: { $type: 'string' } },
    },
    { key: { source: 1, dirtySince: 1 }, name: 'source_dirty' },
    // A person's change refreshes the chats of its phones and those it was the person of.
    {
      key: { source: 1, phoneKey: 1 },
      name: 'source_by_phone_key',
      partialFilterExpression: { phoneKey: { $type: 'string' } },
    },
    {
      key: { source: 1, personId: 1 },
      name: 'source_by_person',
      partialFilterExpression: { personId: { $type: 'string' } },
    },
    // The chats active in a KPI period (a multikey index: one entry per day with a message).
    { key: { source: 1, kpiDays: 1 }, name: 'source_active_days' },
  ],
};
