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

/**
 * The one repair loop of the checks: fixes the items one by one, in order, and answers how many it
 * fixed (`fix` answers false when the item was no longer as read: a concurrent write wins).
 */
export async function repairEach<T>(items: readonly T[], fix: (item: T) => Promise<boolean>): Promise<number> {
  let fixed = 0;
  for (const item of items) if (await fix(item)) fixed += 1;
  return fixed;
}

/**
 * A check as its area declares it (beside its indexes, src/composition/<area>.ts). `position` places it
 * in the one run of every area's checks: the report lists them in that order, and a check that reads
 * what another repairs (a contact counts a conversion time) comes after it.
 */
export interface DeclaredDataCheck {
  readonly position: number;
  readonly check: DataCheck;
}

/** The declared checks in the order they run; two checks of one name or one position are a composition error. */
export function runOrder(declared: readonly DeclaredDataCheck[]): DataCheck[] {
  const sorted = [...declared].sort((a, b) => a.position - b.position);
  for (const [index, { position, check }] of sorted.entries()) {
    const before = sorted[index - 1];
    if (before?.position === position)
      throw new Error(`data checks ${before.check.name} and ${check.name} are declared at one position, ${position}`);
    if (sorted.some((other, at) => at < index && other.check.name === check.name))
      throw new Error(`data check ${check.name} is declared twice`);
  }
  return sorted.map(({ check }) => check);
}
