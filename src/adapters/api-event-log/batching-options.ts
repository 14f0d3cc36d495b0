export interface BatchingOptions {
  /** Flush at least this often (ms). */
  readonly flushIntervalMs: number;
  /** Flush as soon as this many events wait; also the size of one write. */
  readonly batchSize: number;
  /**
   * At most this many events are held in memory in each buffer (authenticated; anonymous and counts),
   * those of the write under way included; beyond it new events of that buffer are dropped and
   * counted (CONTRACT 9.5).
   */
  readonly maxBuffered: number;
  /** Dropping is warned about at most this often, while it goes on (CONTRACT 9.5: once a minute). */
  readonly dropWarningIntervalMs: number;
  /** At most this many (IP, path, status, minute) counts of refused requests are open; past it, the overflow count. */
  readonly maxOpenCounts: number;
  /** After a failed write, the pause before the next attempt (ms); it doubles on each failure in a row. Default 1 s. */
  readonly retryInitialMs?: number;
  /** The longest pause between attempts (ms). Default 30 s. */
  readonly retryMaxMs?: number;
}

export const DEFAULT_BATCHING: BatchingOptions = {
  flushIntervalMs: 1_000,
  batchSize: 200,
  maxBuffered: 10_000,
  dropWarningIntervalMs: 60_000,
  maxOpenCounts: 10_000,
  retryInitialMs: 1_000,
  retryMaxMs: 30_000,
};

/** What became of every recorded event; `recorded` = the sum of the others once closed. */
export interface ApiEventLogTally {
  readonly recorded: number;
  /** Confirmed written by the store. */
  readonly written: number;
  /** Dropped on arrival because the buffer was full. */
  readonly dropped: number;
  /**
   * Of a write that failed, not taken back because their buffer had no room left (a failed write is otherwise retried).
   */
  readonly failed: number;
  /** Still buffered when the shutdown budget ran out. */
  readonly notWritten: number;
  /** In the write still under way when the budget ran out: may or may not have reached the store. */
  readonly unconfirmed: number;
  /** Refused requests counted rather than recorded one by one (each closed count is one recorded entry). */
  readonly refusedCounted: number;
}
