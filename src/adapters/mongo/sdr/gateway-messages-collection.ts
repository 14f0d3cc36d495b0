import type { Collection, Db } from 'mongodb';
import type { CollectionIndexes } from '../shared/collection-indexes';

/** CONTRACT 8.1: the gateway's message collection (override GATEWAY_MESSAGES_COLLECTION). */
export const DEFAULT_GATEWAY_MESSAGES = 'gateway_messages';

/** The gateway's documents are its own: read as plain documents and parsed (domain/sdr/gateway-message.ts). */
export const gatewayMessagesCollection = (db: Db, name: string): Collection => db.collection(name);

/**
 * The indexes this service's reads and the import need on the gateway's collection. Named
 * `brokerhub_*` so an operator can tell them from the gateway's own indexes.
 */
export function gatewayMessageIndexes(collection: string): CollectionIndexes {
  return {
    collection,
    indexes: [
      // gateway-import is idempotent on (instance, key.id); also the per-instance reads. Partial: only
      // records with a string id are indexed, so the gateway's own writes without one (no `key`, a
      // `key` that is not an object, a numeric id) are never refused by our index (CONTRACT 8.1: the
      // collection is the gateway's). Readers and gateway-import skip such records anyway.
      {
        key: { instance: 1, 'key.id': 1 },
        name: 'brokerhub_unique_instance_message',
        unique: true,
        partialFilterExpression: { 'key.id': { $type: 'string' } },
      },
      // The chats of a date range (GET /sdr/sessions dateFrom/dateTo), newest first.
      { key: { messageTimestamp: -1 }, name: 'brokerhub_newest_first' },
      // One chat's messages newest first (pushNames of a page).
      { key: { 'key.remoteJid': 1, messageTimestamp: -1 }, name: 'brokerhub_chat_newest' },
    ],
  };
}
