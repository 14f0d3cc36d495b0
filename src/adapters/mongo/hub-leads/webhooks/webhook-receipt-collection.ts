import type { Collection, Db } from 'mongodb';
import type { CollectionIndexes } from '../../shared/collection-indexes';
import { INBOUND_WEBHOOK_RETENTION_SECONDS } from '../../shared/expiry/retention';

export const HUB_WEBHOOK_RECEIPTS = 'hub_webhook_receipts';

/**
 * `_id` = org:provider:sha256(body): the unique key that recognizes exact redeliveries (spec part 6).
 * `eventId` names the raw event the accepted delivery stores right after its receipt (the event's
 * `_id`): a receipt whose event is missing is a delivery that died between the two writes, which
 * the provider's resend completes (CONTRACT 10.2). Receipts written before it existed have none and
 * count as complete.
 */
export interface WebhookReceiptDocument {
  _id: string;
  leadId: string;
  receivedAt: Date;
  eventId?: string;
}

export const webhookReceiptKey = (orgId: string, provider: string, bodyHash: string): string =>
  `${orgId}:${provider}:${bodyHash}`;

export function webhookReceiptCollection(db: Db): Collection<WebhookReceiptDocument> {
  return db.collection<WebhookReceiptDocument>(HUB_WEBHOOK_RECEIPTS);
}

export const hubWebhookReceiptIndexes: CollectionIndexes = {
  collection: HUB_WEBHOOK_RECEIPTS,
  // Read and written by `_id` only. A receipt (which holds the hash of a raw inbound body) goes with the
  // raw events, 90 days after its last delivery: far past the redelivery window it serves (24 h).
  indexes: [{ key: { receivedAt: 1 }, name: 'received_ttl', expireAfterSeconds: INBOUND_WEBHOOK_RETENTION_SECONDS }],
};
