import { CHECK_BATCH, repairEach } from '../../shared/data-checks/data-check';
import type { DataCheck, DataCheckScan, ViolationBatch } from '../../shared/data-checks/data-check';
import type { SaleStatusEventStore } from './ports';

/**
 * sale-status-events: each sale's last event has its row in the status-event log. The sale is written
 * first (the commit point), the row after it under the id the sale holds, so a row is missing only
 * when the process died between the two; the sale's `lastEvent` is the whole event, and inserting
 * its row completes that write.
 */
export function saleStatusEvents(store: SaleStatusEventStore): DataCheck {
  return {
    name: 'sale-status-events',
    promise: "each sale's last status event has its row in the status-event log",
    async *scan({ scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      for await (const lasts of store.lastEvents(CHECK_BATCH)) {
        scanned(lasts.length);
        const stored = await store.stored(lasts.map((l) => l.eventId));
        const missing = lasts.filter((l) => !stored.has(l.eventId));
        if (missing.length === 0) continue;
        yield { ids: missing.map((l) => l.saleId), repair: () => repairEach(missing, (last) => store.insertRow(last)) };
      }
    },
  };
}
