import type { ApiEventRecorder, ApiEventStore } from '../../application/sales-identity/ports';
import type { Clock, IdGenerator } from '../../application/shared/ports';
import type { ApiEvent, RefusedRequest } from '../../domain/sales-identity/api-event';
import type { ApiEventBuffer, ApiEventLogState } from '../metrics/metrics';
import type { Logger } from '../system/logger';
import { DEFAULT_BATCHING, type ApiEventLogTally, type BatchingOptions } from './batching-options';
import { DropWarnings } from './drop-warnings';
import { EventBuffers } from './event-buffers';
import { RefusedRequestCounts } from './refused-request-counts';
import { RetryBackoff } from './retry-backoff';
import { writeWithinBudget } from './shutdown-budget';
import { reportClosed } from './shutdown-report';
import { WriteBehindLoop } from './write-behind-loop';

/**
 * The API event log off the request path (CONTRACT 9.5), put together from its units: `record`
 * only appends to the bounded two-priority buffers (event-buffers.ts), which drop and warn when full
 * (drop-warnings.ts); one write loop (write-behind-loop.ts, started by the timer, a full batch,
 * `flush` or `close`) writes them batch by batch and backs off after a failure (retry-backoff.ts);
 * `close` writes for at most its budget (shutdown-budget.ts) and reports what it could not write
 * (shutdown-report.ts). Refused requests (`countRefused`) are not entries: they add to bounded counts
 * (refused-request-counts.ts), and each count becomes one entry of the anonymous buffer when its
 * minute closes (checked on every timer tick), or at close.
 */
export class BatchingApiEventRecorder implements ApiEventRecorder, ApiEventLogState {
  private readonly buffers: EventBuffers;
  private readonly refused: RefusedRequestCounts;
  private readonly loop: WriteBehindLoop;
  private readonly dropWarnings: DropWarnings;
  private readonly timer: NodeJS.Timeout;
  private closing: Promise<void> | undefined;
  private recorded = 0;

  constructor(
    store: ApiEventStore,
    private readonly logger: Logger,
    private readonly options: BatchingOptions,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {
    this.buffers = new EventBuffers(options.maxBuffered);
    this.refused = new RefusedRequestCounts(options.maxOpenCounts);
    const initialMs = options.retryInitialMs ?? DEFAULT_BATCHING.retryInitialMs ?? 1_000;
    const backoff = new RetryBackoff(initialMs, options.retryMaxMs ?? DEFAULT_BATCHING.retryMaxMs ?? 30_000);
    this.loop = new WriteBehindLoop({
      buffers: this.buffers,
      store,
      logger,
      batchSize: options.batchSize,
      backoff,
      closing: () => this.closing !== undefined,
    });
    const { dropWarningIntervalMs: intervalMs, maxBuffered } = options;
    this.dropWarnings = new DropWarnings({ buffers: this.buffers, clock, logger, intervalMs, maxBuffered });
    this.timer = setInterval(() => this.tick(), options.flushIntervalMs);
    this.timer.unref();
  }

  /** Events dropped because their buffer was full, since start, both buffers. */
  get droppedCount(): number {
    return this.buffers.dropped;
  }

  /** Events waiting to be written, both buffers. */
  get queueDepth(): number {
    return this.buffers.depthOf('authenticated') + this.buffers.depthOf('anonymous');
  }

  /** One buffer's waiting events and its drops since start (the metrics export both per buffer). */
  bufferState(buffer: ApiEventBuffer): { readonly depth: number; readonly dropped: number } {
    return { depth: this.buffers.depthOf(buffer), dropped: this.buffers.droppedOf(buffer) };
  }

  /** The counts of refused requests: keys open now, requests counted and of them overflowed, since start. */
  get refusedCounts(): { readonly openKeys: number; readonly counted: number; readonly overflowed: number } {
    return { openKeys: this.refused.openKeys, counted: this.refused.counted, overflowed: this.refused.overflowed };
  }

  tally(): ApiEventLogTally {
    const stopped = this.loop.stopped;
    return {
      recorded: this.recorded,
      written: this.loop.written,
      failed: this.buffers.failedTotal,
      dropped: this.buffers.dropped,
      notWritten: stopped ? this.buffers.waiting : 0,
      unconfirmed: stopped ? this.buffers.inFlight : 0,
      refusedCounted: this.refused.counted,
    };
  }

  record(event: ApiEvent): void {
    this.enqueue(event);
    if (this.buffers.waiting >= this.options.batchSize && !this.loop.writing && !this.loop.backingOff)
      void this.flush();
  }

  countRefused(request: RefusedRequest): void {
    this.refused.add(request);
  }

  /** Closes every open count now, the current minute's too (close does; tests that want the counts written do). */
  closeOpenCounts(): void {
    this.enqueueAll(this.refused.closeAll(this.ids));
  }

  /** Writes everything recorded so far (and what arrives meanwhile); one write loop at a time. */
  flush(): Promise<void> {
    return this.loop.flush();
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
    // The open counts are written with the rest, for what is left of the budget (CONTRACT 9.5).
    this.closeOpenCounts();
    // A write loop backing off after a failure tries again at once: the budget is for writing. From
    // here on the budget paces the attempts itself, pausing between failures until it is spent.
    this.loop.retryAtOnce();
    await writeWithinBudget(this.loop, budgetMs);
    this.dropWarnings.warnWhenDue(true);
    reportClosed(this.logger, this.tally(), this.buffers);
  }

  private tick(): void {
    this.enqueueAll(this.refused.closeBefore(this.clock.now(), this.ids));
    this.dropWarnings.warnWhenDue();
    // After a failed write the retry timer decides when to try again, not this tick.
    if (!this.loop.backingOff) void this.flush();
  }

  private enqueueAll(events: readonly ApiEvent[]): void {
    for (const event of events) this.enqueue(event);
  }

  private enqueue(event: ApiEvent): void {
    this.recorded += 1;
    if (!this.buffers.offer(event)) this.dropWarnings.warnWhenDue();
  }
}
