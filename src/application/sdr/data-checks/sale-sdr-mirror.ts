import { CHECK_BATCH, repairEach } from '../../shared/data-checks/data-check';
import type { DataCheck, DataCheckScan, ViolationBatch } from '../../shared/data-checks/data-check';
import type { SaleQualification } from '../ports';
import { mirroredInteractionOf, mirrorTargetOf, sameMirror, saleMirrorOf } from '../sale-mirror';
import type { SaleMirrorRecord, SaleMirrorStore } from './ports';

type StaleMirror = { readonly sale: SaleMirrorRecord; readonly mirror: SaleQualification };

/** The sales of a batch whose mirror is not that of their person's interaction written last. */
async function staleMirrors(store: SaleMirrorStore, batch: readonly SaleMirrorRecord[]): Promise<StaleMirror[]> {
  const personIds = [...new Set(batch.map((s) => s.personId))];
  const interactions = await store.interactionsOfPersons(personIds);
  if (interactions.length === 0) return [];
  const allSales = await store.salesOfPersons(personIds);
  const stale: StaleMirror[] = [];
  for (const personId of personIds) {
    const mirrored = mirroredInteractionOf(interactions.filter((i) => i.personId === personId));
    if (mirrored === undefined) continue;
    const targetId = mirrorTargetOf(
      allSales.filter((s) => s.personId === personId),
      mirrored,
    )?.id;
    const sale = batch.find((s) => s.id === targetId);
    if (sale === undefined) continue;
    const mirror = saleMirrorOf(mirrored);
    if (!sameMirror(sale.sdr, mirror)) stale.push({ sale, mirror });
  }
  return stale;
}

/**
 * sale-sdr-mirror (CONTRACT 3.4, 10.2, docs/decisions.md F6): the sale a person's SDR data goes to (their
 * newest sale created by the write of their interaction written last) mirrors that interaction. Derived
 * data (class d): the repair writes the mirror again. Older sales keep the mirror they had.
 */
export function saleSdrMirror(store: SaleMirrorStore): DataCheck {
  return {
    name: 'sale-sdr-mirror',
    promise: "the sale each person's SDR data goes to mirrors the person's interaction written last",
    async *scan({ scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      for await (const batch of store.sales(CHECK_BATCH)) {
        scanned(batch.length);
        const stale = await staleMirrors(store, batch);
        if (stale.length === 0) continue;
        yield {
          ids: stale.map(({ sale }) => sale.id),
          repair: () => repairEach(stale, ({ sale, mirror }) => store.setMirror(sale, mirror)),
        };
      }
    },
  };
}
