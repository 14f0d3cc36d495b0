import type { ReferenceStore } from '../../shared/data-checks/reference-check';
import { token, type Token } from '../../shared/token';

/** A lead's raw events name their lead, in the event's organization and provider (CONTRACT 6.1). */
export const LeadEventLeads: Token<ReferenceStore> = token('LeadEventLeads');

/** A hub webhook receipt (CONTRACT 6): the raw event its accepted delivery stored, when it names one. */
export interface WebhookReceiptRecord {
  readonly id: string;
  /** Absent on receipts written before receipts named their event (those count as complete). */
  readonly eventId: string | undefined;
  readonly receivedAt: Date;
}

/** Reads the receipts in `_id` order (a full read by design, streamed in cursor batches of `batchSize`). */
export interface WebhookReceiptStore {
  /** Every receipt, batch by batch. */
  receipts(batchSize: number): AsyncIterable<readonly WebhookReceiptRecord[]>;
  /** Which of these raw events exist. */
  existingEvents(ids: readonly string[]): Promise<ReadonlySet<string>>;
}
export const WebhookReceiptStore: Token<WebhookReceiptStore> = token('WebhookReceiptStore');
