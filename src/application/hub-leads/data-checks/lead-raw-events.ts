import { CHECK_BATCH } from '../../shared/data-checks/data-check';
import type { DataCheck, DataCheckScan, ViolationBatch } from '../../shared/data-checks/data-check';
import type { WebhookReceiptStore } from './ports';

/** A delivery writes its raw event right after its receipt: a receipt younger than this may be one in flight. */
export const RECEIPT_IN_FLIGHT_MS = 60_000;

/**
 * lead-raw-events: each webhook receipt's raw event exists (CONTRACT 6.1: every accepted event is in
 * the log with its raw payload). A receipt without its event is a delivery that died between its two
 * writes (docs/decisions.md "Hub inbound webhooks"): the provider's resend completes it; nothing else
 * can, since the body exists only there. Receipts past the raw events' retention (`retentionMs`; the
 * two expire on the same clock, each collection on its own) and those still in flight are not judged.
 */
export function leadRawEvents(store: WebhookReceiptStore, options: { readonly retentionMs: number }): DataCheck {
  return {
    name: 'lead-raw-events',
    promise: "each hub webhook receipt's raw event exists (the delivery it acknowledges is in the lead's event log)",
    notRepairable:
      "the raw body exists only in the provider's resend, which stores it " +
      '(a resend is no redelivery while the event is missing)',
    async *scan({ now, scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      const from = now.getTime() - options.retentionMs;
      const to = now.getTime() - RECEIPT_IN_FLIGHT_MS;
      for await (const receipts of store.receipts(CHECK_BATCH)) {
        scanned(receipts.length);
        const judged = receipts.filter(
          (r) => r.eventId !== undefined && r.receivedAt.getTime() > from && r.receivedAt.getTime() <= to,
        );
        const events = await store.existingEvents([...new Set(judged.map((r) => r.eventId as string))]);
        const missing = judged.filter((r) => !events.has(r.eventId as string));
        if (missing.length > 0) yield { ids: missing.map((r) => r.id) };
      }
    },
  };
}
