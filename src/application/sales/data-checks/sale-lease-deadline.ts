import { CHECK_BATCH, repairEach } from '../../shared/data-checks/data-check';
import type { DataCheck, DataCheckScan, ViolationBatch } from '../../shared/data-checks/data-check';
import type { SaleLeaseStore } from './ports';

/**
 * sale-lease-deadline: a lease is whole (holder and deadline) and its deadline is still ahead. A lease
 * past it is a write left incomplete by design (the dispatch that took it died): the repair releases it.
 */
export function saleLeaseDeadline(store: SaleLeaseStore): DataCheck {
  return {
    name: 'sale-lease-deadline',
    promise: 'no sale lease outlives its deadline (nor is held without one)',
    async *scan({ now, scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      for await (const leases of store.leased(CHECK_BATCH)) {
        scanned(leases.length);
        const stale = leases.filter(
          (lease) => lease.owner === null || lease.until === null || lease.until.getTime() <= now.getTime(),
        );
        if (stale.length === 0) continue;
        yield {
          ids: stale.map((lease) => lease.saleId),
          repair: () => repairEach(stale, (lease) => store.release(lease)),
        };
      }
    },
  };
}
