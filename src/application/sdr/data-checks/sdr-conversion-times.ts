import { CHECK_BATCH, repairEach } from '../../shared/data-checks/data-check';
import type { DataCheck, DataCheckScan, ViolationBatch } from '../../shared/data-checks/data-check';
import type { ConversionTimeStore } from './ports';

/**
 * sdr-conversion-times (CONTRACT 8.3, 10.2, docs/decisions.md F7): a converted interaction stores the
 * time it was converted. A converting write stores it in a second write; killed between, the first
 * left `updatedAt` at exactly that time (storedConversionTime), which the repair stores (class c),
 * then refreshes the contact, whose `conversionAt` (the KPI's leads) it feeds.
 */
export function sdrConversionTimes(
  store: ConversionTimeStore,
  contacts: { readonly refreshContacts: (keys: readonly string[]) => Promise<unknown> },
): DataCheck {
  return {
    name: 'sdr-conversion-times',
    promise: 'each converted SDR interaction stores its conversion time',
    async *scan({ scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      for await (const batch of store.interactions(CHECK_BATCH)) {
        scanned(batch.length);
        const missing = batch.filter((i) => i.converted && i.convertedAt === null);
        if (missing.length === 0) continue;
        yield {
          ids: missing.map((i) => i.id),
          repair: async () => {
            const changed: string[] = [];
            const fixed = await repairEach(missing, async (i) => {
              // storedConversionTime of a converted interaction without its time: its updatedAt.
              const stored = await store.storeConversionTime(i, i.updatedAt);
              if (stored) changed.push(i.contactKey);
              return stored;
            });
            if (changed.length > 0) await contacts.refreshContacts([...new Set(changed)]);
            return fixed;
          },
        };
      }
    },
  };
}
