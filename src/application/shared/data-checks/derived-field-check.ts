import { CHECK_BATCH, repairEach, type DataCheck, type DataCheckScan, type ViolationBatch } from './data-check';

/** A document whose stored derived field is not what its sources give now (an absent field included). */
export interface StaleDerivedField {
  readonly id: string;
}

/**
 * A field a repository derives at write time from other fields of the same document (an e-mail's lower-case
 * key, CONTRACT 12.1), so that an index serves lookups the sources alone cannot serve.
 */
export interface DerivedFieldStore<T extends StaleDerivedField = StaleDerivedField> {
  /** Every document in `_id` order (a full read by design): per batch, how many were read and the stale ones. */
  scan(batchSize: number): AsyncIterable<{ readonly read: number; readonly stale: readonly T[] }>;
  /** Stores the value its sources give while they are as read (a concurrent write wins); true when it did. */
  rederive(stale: T): Promise<boolean>;
}

/**
 * A derived-field check (CONTRACT 10.2, derived data: class (d)): every document's field is what its sources
 * give. The repair derives it again; a document written by a copy that predates the field (a rolling upgrade)
 * is put right the same way.
 */
export function derivedFieldCheck<T extends StaleDerivedField>(
  name: string,
  promise: string,
  store: DerivedFieldStore<T>,
): DataCheck {
  return {
    name,
    promise,
    async *scan({ scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      for await (const { read, stale } of store.scan(CHECK_BATCH)) {
        scanned(read);
        if (stale.length === 0) continue;
        yield { ids: stale.map((s) => s.id), repair: () => repairEach(stale, (s) => store.rederive(s)) };
      }
    },
  };
}
