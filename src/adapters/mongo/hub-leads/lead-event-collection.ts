import type { CollectionIndexes } from '../shared/collection-indexes';

export const HUB_LEAD_EVENTS = 'hub_lead_events';
export const HUB_WEBHOOK_RECEIPTS = 'hub_webhook_receipts';

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

/** `_id` = org:provider:sha256(body): the unique key that recognizes exact redeliveries. */
export interface ReceiptDocument {
  _id: string;
  leadId: string;
  receivedAt: Date;
}

export const hubLeadEventIndexes: CollectionIndexes = {
  collection: HUB_LEAD_EVENTS,
  indexes: [{ key: { leadId: 1, receivedAt: 1 }, name: 'lead_received' }],
};

export const hubWebhookReceiptIndexes: CollectionIndexes = {
  collection: HUB_WEBHOOK_RECEIPTS,
  // Read and written by `_id` (the receipt key) only.
  indexes: [],
};

export const receiptKey = (orgId: string, provider: string, bodyHash: string): string => `${orgId}:${provider}:${bodyHash}`;
