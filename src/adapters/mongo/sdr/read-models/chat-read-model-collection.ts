import type { Collection, Db } from 'mongodb';
import type { CollectionIndexes } from '../../shared/collection-indexes';
import type { VersionedFields } from './versioned-collection';

export const SDR_CHATS = 'sdr_chats';

/** One one-to-one gateway chat (CONTRACT 8.1, 10.1), `_id` `<instance>:<remoteJid>`; derived from the gateway's messages. */
export interface ChatDocument extends VersionedFields {
  instance: string;
  remoteJid: string;
  phone: string | null;
  messageCount: number;
  firstAt: Date;
  last: { id: string; fromMe: boolean; pushName: string | null; type: string; text: string | null; at: Date };
  pushName: string | null;
  pushNameAt: Date | null;
}

export const chatReadModelCollection = (db: Db): Collection<ChatDocument> => db.collection<ChatDocument>(SDR_CHATS);

export const chatReadModelIndexes: CollectionIndexes = {
  collection: SDR_CHATS,
  indexes: [
    { key: { 'last.at': -1, _id: 1 }, name: 'newest_first' },
    { key: { instance: 1, 'last.at': -1, _id: 1 }, name: 'instance_newest_first' },
    { key: { phone: 1 }, name: 'by_phone', partialFilterExpression: { phone: { $type: 'string' } } },
    { key: { dirtySince: 1 }, name: 'dirty' },
  ],
};
