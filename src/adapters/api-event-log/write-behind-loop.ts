import type { ApiEventStore } from '../../application/sales-identity/ports';
import type { Logger } from '../system/logger';
import { startStopwatch } from '../system/system-clock';
import type { Batch, EventBuffers } from './event-buffers';
import type { RetryBackoff } from './retry-backoff';
import type { BudgetedWriter } from './shutdown-budget';

export interface WriteBehindDeps {
  readonly buffers: EventBuffers;
  readonly store: ApiEventStore;
  readonly logger: Logger;
  /** The most entries of one write. */
  readonly batchSize: number;
  readonly backoff: RetryBackoff;
  /** True once the log is closing: close then paces the attempts, and a failure schedules no retry. */
  readonly closing: () => boolean;
}

/**
 * The write loop off the request path: one loop at a time writes the buffers batch by batch. A
 * failed write loses nothing: its entries go back to the head of their buffers and the loop pauses
 * before it tries again (the backoff), so a database outage costs entries only once it lasts longer
 * than the buffers hold (CONTRACT 9.5); writing again is safe because the store is idempotent by id.
 */
export class WriteBehindLoop implements BudgetedWriter {
  private draining: Promise<void> | undefined;
  /** The next attempt after a failed write, while the loop backs off. */
  private retryTimer: NodeJS.Timeout | undefined;
  /** Ends a pause under way (a spent budget stops the loop). */
  private wake: (() => void) | undefined;
  /** Set when the shutdown budget is spent: the loop starts no new batch. */
  private stoppedFlag = false;
  /** The longest recent write (ms): a batch that would end past the budget is not started. */
  private slowest = 0;
  private writtenCount = 0;
  private failureCount = 0;

  constructor(private readonly deps: WriteBehindDeps) {}

  /** Writes everything buffered so far (and what arrives meanwhile); one write loop at a time. */
  flush(): Promise<void> {
    this.draining ??= this.drain().finally(() => {
      this.draining = undefined;
    });
    return this.draining;
  }

  /** True while a write loop runs. */
  get writing(): boolean {
    return this.draining !== undefined;
  }

  /** True while the loop backs off after a failed write (the retry timer decides when to try again). */
  get backingOff(): boolean {
    return this.retryTimer !== undefined;
  }

  get stopped(): boolean {
    return this.stoppedFlag;
  }

  get waiting(): number {
    return this.deps.buffers.waiting;
  }

  /** Entries confirmed written by the store, since start. */
  get written(): number {
    return this.writtenCount;
  }

  /** Failed writes since start. */
  get failures(): number {
    return this.failureCount;
  }

  get slowestWriteMs(): number {
    return this.slowest;
  }

  /** The pause after the last failed write (ms); 0 once a write succeeds. */
  get pauseMs(): number {
    return this.deps.backoff.pauseMs;
  }

  /** A loop backing off tries again at the next flush, without waiting: the shutdown budget is for writing. */
  retryAtOnce(): void {
    this.cancelRetry();
    this.deps.backoff.reset();
  }

  /** Waits `ms` unless woken (the budget spent). */
  pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    }).finally(() => {
      this.wake = undefined;
    });
  }

  /** No new batch from now on; a pause under way ends. */
  stop(): void {
    this.stoppedFlag = true;
    this.wake?.();
  }

  private async drain(): Promise<void> {
    // An attempt now (an explicit flush) replaces the one the backoff had scheduled.
    this.cancelRetry();
    const { buffers, backoff, batchSize } = this.deps;
    while (buffers.waiting > 0 && !this.stoppedFlag) {
      const batch = buffers.take(batchSize);
      const failure = await this.write(batch);
      if (failure !== undefined) {
        this.failedWrite(batch, failure);
        return;
      }
      buffers.written();
      this.writtenCount += batch.entries.length;
      backoff.reset();
    }
  }

  /** Writes one batch; returns what it failed with, undefined once the store confirmed it. */
  private async write(batch: Batch): Promise<unknown> {
    const stopwatch = startStopwatch();
    let failure: unknown;
    try {
      await this.deps.store.append(batch.entries);
    } catch (error) {
      failure = error ?? new Error('append failed');
    }
    this.slowest = Math.max(stopwatch.elapsedMs(), this.slowest * 0.9);
    return failure;
  }

  private failedWrite(batch: Batch, failure: unknown): void {
    // CONTRACT 9.5: a database outage drops entries only once it lasts longer than the buffers hold.
    const events = batch.entries.length;
    const lost = this.deps.buffers.failed(batch);
    this.failureCount += 1;
    const pauseMs = this.deps.backoff.failed();
    const retryInMs = this.stoppedFlag ? 0 : pauseMs;
    this.deps.logger.error(
      { err: failure, events, takenBack: events - lost, failed: lost, retryInMs },
      'api event log: a batch could not be written',
    );
    // Back off rather than hammer a database that is down; once closing, close paces the attempts.
    if (!this.deps.closing() && !this.stoppedFlag) {
      this.retryTimer = setTimeout(() => {
        this.retryTimer = undefined;
        void this.flush();
      }, pauseMs);
      this.retryTimer.unref();
    }
  }

  private cancelRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }
}
