import type { ApiEventRecorder, ApiEventStore } from '../../../application/sales-identity/ports';
import type { Clock } from '../../../application/shared/ports';
import type { ApiEvent } from '../../../domain/sales-identity/api-event';
import type { Logger } from '../../system/logger';
import { SystemClock } from '../../system/system-clock';

export interface BatchingOptions {
  /** Flush at least this often (ms). */
  readonly flushIntervalMs: number;
  /** Flush as soon as this many events wait; also the size of one write. */
  readonly batchSize: number;
  /** At most this many events wait in memory; beyond it new events are dropped and counted (CONTRACT 9.5). */
  readonly maxBuffered: number;
  /** Dropping is warned about at most this often, while it goes on (CONTRACT 9.5: once a minute). */
  readonly dropWarningIntervalMs: number;
}

export const DEFAULT_BATCHING: BatchingOptions = { flushIntervalMs: 1_000, batchSize: 200, maxBuffered: 10_000, dropWarningIntervalMs: 60_000 };

/** What became of every recorded event; `recorded` = the sum of the others once closed. */
export interface ApiEventLogTally {
  readonly recorded: number;
  /** Confirmed written by the store. */
  readonly written: number;
  /** Dropped on arrival because the buffer was full. */
  readonly dropped: number;
  /** In a batch the store refused. */
  readonly failed: number;
  /** Still buffered when the shutdown budget ran out. */
  readonly notWritten: number;
  /** In the write still under way when the budget ran out: may or may not have reached the store. */
  readonly unconfirmed: number;
}

/**
 * The API event log off the request path: `record` only appends to a bounded buffer; one write loop
 * (started by the timer, a full batch, `flush` or `close`) writes it batch by batch. A full buffer
 * drops new events, counts them (`droppedCount`, for the metrics) and warns while it happens; a
 * failed write is logged and its batch dropped, never retried into a loop. `close` writes for at
 * most its budget and reports what it could not write (CONTRACT 9.5).
 */
export class BatchingApiEventRecorder implements ApiEventRecorder {
  private buffer: ApiEvent[] = [];
  private draining: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;
  private closing: Promise<void> | undefined;
  /** Set when the shutdown budget is spent: the write loop starts no new batch. */
  private stopped = false;
  private inFlight = 0;
  /** The longest recent write (ms): a batch that would end past the budget is not started. */
  private slowestWriteMs = 0;
  private counts = { recorded: 0, written: 0, dropped: 0, failed: 0 };
  private droppedSinceWarning = 0;
  private lastDropWarning: number | undefined;

  constructor(
    private readonly store: ApiEventStore,
    private readonly logger: Logger,
    private readonly options: BatchingOptions = DEFAULT_BATCHING,
    private readonly clock: Clock = new SystemClock(),
  ) {
    this.timer = setInterval(() => {
      this.warnAboutDropsWhenDue();
      void this.flush();
    }, options.flushIntervalMs);
    this.timer.unref();
  }

  /** Events dropped because the buffer was full, since start (the metrics export it). */
  get droppedCount(): number {
    return this.counts.dropped;
  }

  /** Events waiting to be written (the metrics' queue depth). */
  get queueDepth(): number {
    return this.buffer.length + this.inFlight;
  }

  tally(): ApiEventLogTally {
    return { ...this.counts, notWritten: this.stopped ? this.buffer.length : 0, unconfirmed: this.stopped ? this.inFlight : 0 };
  }

  record(event: ApiEvent): void {
    this.counts.recorded += 1;
    if (this.buffer.length >= this.options.maxBuffered) {
      this.counts.dropped += 1;
      this.droppedSinceWarning += 1;
      this.warnAboutDropsWhenDue();
      return;
    }
    this.buffer.push(event);
    if (this.buffer.length >= this.options.batchSize && this.draining === undefined) void this.flush();
  }

  /** Writes everything recorded so far (and what arrives meanwhile); one write loop at a time. */
  flush(): Promise<void> {
    this.draining ??= this.drain().finally(() => {
      this.draining = undefined;
    });
    return this.draining;
  }

  /**
   * Stops the timer and writes what is buffered for at most `budgetMs`; then reports, in one log
   * line, how many events were written, dropped, failed and not written. Safe to call twice.
   */
  close(budgetMs = Number.POSITIVE_INFINITY): Promise<void> {
    this.closing ??= this.closeWithin(budgetMs);
    return this.closing;
  }

  private async closeWithin(budgetMs: number): Promise<void> {
    clearInterval(this.timer);
    const deadline = Date.now() + budgetMs;
    const drained = this.flush();
    // Stop in time: no batch is started that would end past the budget, judged by the slowest recent write.
    let timer: NodeJS.Timeout | undefined;
    const stopAt = (): void => {
      const left = deadline - Date.now() - this.slowestWriteMs;
      if (left <= 0) this.stopped = true;
      else timer = setTimeout(stopAt, Math.min(left, 100));
    };
    let spentTimer: NodeJS.Timeout | undefined;
    if (Number.isFinite(budgetMs)) {
      stopAt();
      const spent = new Promise<void>((resolve) => {
        spentTimer = setTimeout(resolve, Math.max(0, budgetMs));
      });
      await Promise.race([drained, spent]);
    } else {
      await drained;
    }
    clearTimeout(timer);
    clearTimeout(spentTimer);
    this.stopped = true;
    this.warnAboutDropsWhenDue(true);
    const tally = this.tally();
    const lost = tally.dropped + tally.failed + tally.notWritten + tally.unconfirmed;
    if (lost === 0) this.logger.info(tally, 'api event log closed: every entry written');
    else this.logger.warn(tally, `api event log closed: ${lost} entries could not be written`);
  }

  private async drain(): Promise<void> {
    while (this.buffer.length > 0 && !this.stopped) {
      const batch = this.buffer.splice(0, this.options.batchSize);
      this.inFlight = batch.length;
      const started = Date.now();
      try {
        await this.store.append(batch);
        this.counts.written += batch.length;
      } catch (error) {
        this.counts.failed += batch.length;
        this.logger.error({ err: error, events: batch.length }, 'api event log: a batch could not be written');
      } finally {
        this.inFlight = 0;
        this.slowestWriteMs = Math.max(Date.now() - started, this.slowestWriteMs * 0.9);
      }
    }
  }

  /** Warns about the drops not yet reported, at most once per interval (`force`: at close). */
  private warnAboutDropsWhenDue(force = false): void {
    if (this.droppedSinceWarning === 0) return;
    const now = this.clock.now().getTime();
    if (!force && this.lastDropWarning !== undefined && now - this.lastDropWarning < this.options.dropWarningIntervalMs) return;
    this.logger.warn(
      { dropped: this.droppedSinceWarning, droppedTotal: this.counts.dropped, maxBuffered: this.options.maxBuffered },
      'api event log: buffer full, new entries dropped',
    );
    this.lastDropWarning = now;
    this.droppedSinceWarning = 0;
  }
}
