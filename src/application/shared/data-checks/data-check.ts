/**
 * One invariant of the stored data (CONTRACT 10.2), checked by `brokerhub check-data`. A check reads
 * its collections streamed and batched (never a whole collection in one array) and reports the
 * documents that break it, a batch at a time. A batch it may repair (derived data, or a write left
 * incomplete by design: classes (c) and (d) of docs/decisions.md) carries its repair; source data is
 * never invented or deleted, so a check of source data names why it cannot repair instead.
 */
export interface DataCheck {
  /** kebab-case, stable: what the output and the scripts that read it name. */
  readonly name: string;
  /** The invariant, in one line. */
  readonly promise: string;
  /** Why `--repair` leaves its violations alone; absent when it repairs them. */
  readonly notRepairable?: string;
  /** The violations, batch by batch, each document at most once per scan. */
  scan(context: DataCheckScan): AsyncIterable<ViolationBatch>;
}

export interface DataCheckScan {
  /** The time the run judges leases and expiries against. */
  readonly now: Date;
  /** Counts documents read (the progress bar). */
  readonly scanned: (documents: number) => void;
}

export interface ViolationBatch {
  /** The ids of the documents that break the invariant. */
  readonly ids: readonly string[];
  /** Puts them right where they still are as read (a concurrent write wins); answers how many it fixed. */
  readonly repair?: () => Promise<number>;
}

/** Documents read per round trip by every check. */
export const CHECK_BATCH = 500;

/** `items` in arrays of at most `size`, as they come (a stream stays a stream). */
export async function* inBatches<T>(items: AsyncIterable<T>, size: number = CHECK_BATCH): AsyncIterable<T[]> {
  let batch: T[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
