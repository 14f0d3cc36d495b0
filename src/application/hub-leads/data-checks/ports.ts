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

/** What an erased lead (`erased: true`, CONTRACT 12.4) still holds of its personal members, as stored. */
export interface ErasedLeadFacts {
  readonly id: string;
  readonly title: unknown;
  readonly name: unknown;
  readonly phone: unknown;
  readonly email: unknown;
  /** The e-mail's lower-case key (absent on a lead erased before the key existed). */
  readonly emailKey: unknown;
  readonly externalId: unknown;
  readonly fieldCount: number;
  /** How many value keys (phones and e-mails of its title and fields) it holds; none when absent. */
  readonly valueKeyCount: number;
}

/** Reads the erased leads in `_id` order, batch by batch (indexed by `erased`). Reads only. */
export interface ErasedLeadStore {
  erasedLeads(batchSize: number): AsyncIterable<readonly ErasedLeadFacts[]>;
}
export const ErasedLeadStore: Token<ErasedLeadStore> = token('ErasedLeadStore');
