import { CHECK_BATCH, type DataCheck, type DataCheckScan, type ViolationBatch } from './data-check';

/**
 * A reference check reads the referencing collection in `_id` order (the `_id` index serves it: a full
 * read by design, streamed in cursor batches of `batchSize`) and looks its targets up a batch at a time.
 */

/** A document that names another one (a message its session, a note its interaction). */
export interface Reference {
  readonly id: string;
  readonly target: string;
  /** What the target must share with it (a lead event's organization and provider); absent: nothing. */
  readonly scope?: string;
}

/** One kind of reference: the referencing documents, and the documents they name. */
export interface ReferenceStore {
  /** Every referencing document, batch by batch. */
  references(batchSize: number): AsyncIterable<readonly Reference[]>;
  /** Which of these targets exist, each with its scope (undefined when the reference has none). */
  targets(ids: readonly string[]): Promise<ReadonlyMap<string, string | undefined>>;
}
/**
 * A reference whose documents belong to their target (a chat session's messages): once the target is
 * gone, removing them completes its delete (CONTRACT 10.2 class (c)); no source data is lost. The
 * delete is conditional on the state the check read, so a repair never overwrites a concurrent write.
 */
export interface OwnedReferenceStore extends ReferenceStore {
  /** Deletes these documents while they still name these (missing) targets; answers how many went. */
  deleteOrphans(references: readonly Reference[]): Promise<number>;
}

/** The references of a batch whose target is missing (or outside the reference's scope). */
export async function brokenReferences(store: ReferenceStore, references: readonly Reference[]): Promise<Reference[]> {
  const targets = await store.targets([...new Set(references.map((r) => r.target))]);
  return references.filter(
    (r) => !targets.has(r.target) || (r.scope !== undefined && targets.get(r.target) !== r.scope),
  );
}

/**
 * A reference check of source data: every referencing document names a document that exists (and
 * shares its scope). A broken one is named, never touched.
 */
export function referenceCheck(name: string, promise: string, notRepairable: string, store: ReferenceStore): DataCheck {
  return {
    name,
    promise,
    notRepairable,
    async *scan({ scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      for await (const references of store.references(CHECK_BATCH)) {
        scanned(references.length);
        const broken = await brokenReferences(store, references);
        if (broken.length > 0) yield { ids: broken.map((r) => r.id) };
      }
    },
  };
}
