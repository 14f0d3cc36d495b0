import type { Collection, Db, Document } from 'mongodb';
import type { CollectionIndexes } from '../shared/collection-indexes';

/** CONTRACT 8.1: the gateway's message collection (override GATEWAY_MESSAGES_COLLECTION). */
export const DEFAULT_GATEWAY_MESSAGES = 'gateway_messages';

/** The gateway's documents are its own: read as plain documents and parsed (domain/sdr/gateway-message.ts). */
export const gatewayMessagesCollection = (db: Db, name: string): Collection<Document> => db.collection<Document>(name);

/**
 * The indexes this service's reads and the import need on the gateway's collection. Named
 * `brokerhub_*` so an operator can tell them from the gateway's own indexes.
 */
export function gatewayMessageIndexes(collection: string): CollectionIndexes {
  return {
    collection,
    indexes: [
      // gateway-import is idempotent on (instance, key.id); also the per-instance reads.
      { key: { instance: 1, 'key.id': 1 }, name: 'brokerhub_unique_instance_message', unique: true },
      // The chats of a date range (GET /sdr/sessions dateFrom/dateTo), newest first.
      { key: { messageTimestamp: -1 }, name: 'brokerhub_newest_first' },
      // One chat's messages newest first (pushNames of a page).
      { key: { 'key.remoteJid': 1, messageTimestamp: -1 }, name: 'brokerhub_chat_newest' },
    ],
  };
}
