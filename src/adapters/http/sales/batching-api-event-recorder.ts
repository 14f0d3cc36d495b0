import type { ApiEventRecorder, ApiEventStore } from '../../../application/sales-identity/ports';
import type { Clock, IdGenerator } from '../../../application/shared/ports';
import type { ApiEvent, RefusedRequest } from '../../../domain/sales-identity/api-event';
import type { ApiEventBuffer, ApiEventLogState } from '../../metrics/metrics';
import type { Logger } from '../../system/logger';
import { SystemClock } from '../../system/system-clock';
import { UuidIdGenerator } from '../../system/uuid-id-generator';
import { RefusedRequestCounts } from './refused-request-counts';

export interface BatchingOptions {
  /** Flush at least this often (ms). */
  readonly flushIntervalMs: number;
  /** Flush as soon as this many events wait; also the size of one write. */
  readonly batchSize: number;
  /**
   * At most this many events wait in memory in each buffer (authenticated; anonymous and counts);
   * beyond it new events of that buffer are dropped and counted (CONTRACT 9.5).
   */
  readonly maxBuffered: number;
  /** Dropping is warned about at most this often, while it goes on (CONTRACT 9.5: once a minute). */
  readonly dropWarningIntervalMs: number;
  /** At most this many (IP, path, status, minute) counts of refused requests are open; past it, the overflow count. */
  readonly maxOpenCounts: number;
}

export const DEFAULT_BATCHING: BatchingOptions = {
  flushIntervalMs: 1_000,
  batchSize: 200,
  maxBuffered: 10_000,
  dropWarningIntervalMs: 60_000,
  maxOpenCounts: 10_000,
};

/**
 * The two buffers (ApiEventBuffer): entries of authenticated requests, and the rest (unauthenticated
 * requests that were served or refused after work, and the closed counts of refused requests).
 */
type EventBuffer = ApiEventBuffer;

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
  /** Refused requests counted rather than recorded one by one (each closed count is one recorded entry). */
  readonly refusedCounted: number;
}

/** One bounded buffer: what waits, what is being written, what was dropped because it was full. */
class EventQueue {
  readonly items: ApiEvent[] = [];
  inFlight = 0;
  dropped = 0;
  droppedSinceWarning = 0;
}

/**
 * The API event log off the request path: `record` only appends to a bounded buffer; one write loop
 * (started by the timer, a full batch, `flush` or `close`) writes it batch by batch. A full buffer
 * drops new events, counts them (`droppedCount`, for the metrics) and warns while it happens; a
 * failed write is logged and its batch dropped, never retried into a loop. `close` writes for at
 * most its budget and reports what it could not write (CONTRACT 9.5).
 *
 * CONTRACT 9.5, "the trail survives a flood": entries of authenticated requests have a buffer of
 * their own, written first in every batch, so nothing unauthenticated can take their room or their
 * turn; only a database outage longer than that buffer holds drops them. Refused requests
 * (`countRefused`) are not entries: they add to bounded counts, and each count becomes one entry
 * of the other buffer when its minute closes (checked on every timer tick), or at close.
 */
export class BatchingApiEventRecorder implements ApiEventRecorder, ApiEventLogState {
  private readonly buffers: Record<EventBuffer, EventQueue> = { authenticated: new EventQueue(), anonymous: new EventQueue() };
  private readonly refused: RefusedRequestCounts;
  private draining: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;
  private closing: Promise<void> | undefined;
  /** Set when the shutdown budget is spent: the write loop starts no new batch. */
  private stopped = false;
  /** The longest recent write (ms): a batch that would end past the budget is not started. */
  private slowestWriteMs = 0;
  private readonly counts = { recorded: 0, written: 0, failed: 0 };
  private lastDropWarning: number | undefined;

  constructor(
    private readonly store: ApiEventStore,
    private readonly logger: Logger,
    private readonly options: BatchingOptions = DEFAULT_BATCHING,
    private readonly clock: Clock = new SystemClock(),
    private readonly ids: IdGenerator = new UuidIdGenerator(),
  ) {
    this.refused = new RefusedRequestCounts(options.maxOpenCounts);
    this.timer = setInterval(() => {
      this.enqueueAll(this.refused.closeBefore(this.clock.now(), this.ids));
      this.warnAboutDropsWhenDue();
      void this.flush();
    }, options.flushIntervalMs);
    this.timer.unref();
  }

  /** Events dropped because their buffer was full, since start, both buffers. */
  get droppedCount(): number {
    return this.buffers.authenticated.dropped + this.buffers.anonymous.dropped;
  }

  /** Events waiting to be written, both buffers. */
  get queueDepth(): number {
    return this.depthOf('authenticated') + this.depthOf('anonymous');
  }

  /** One buffer's waiting events and its drops since start (the metrics export both per buffer). */
  bufferState(buffer: EventBuffer): { readonly depth: number; readonly dropped: number } {
    return { depth: this.depthOf(buffer), dropped: this.buffers[buffer].dropped };
  }

  /** The counts of refused requests: keys open now, requests counted and of them overflowed, since start. */
  get refusedCounts(): { readonly openKeys: number; readonly counted: number; readonly overflowed: number } {
    return { openKeys: this.refused.openKeys, counted: this.refused.counted, overflowed: this.refused.overflowed };
  }

  tally(): ApiEventLogTally {
    const waiting = this.buffers.authenticated.items.length + this.buffers.anonymous.items.length;
    const inFlight = this.buffers.authenticated.inFlight + this.buffers.anonymous.inFlight;
    return {
      ...this.counts,
      dropped: this.droppedCount,
      notWritten: this.stopped ? waiting : 0,
      unconfirmed: this.stopped ? inFlight : 0,
      refusedCounted: this.refused.counted,
    };
  }

  record(event: ApiEvent): void {
    this.enqueue(event);
    if (this.buffers.authenticated.items.length + this.buffers.anonymous.items.length >= this.options.batchSize && this.draining === undefined) void this.flush();
  }

  countRefused(request: RefusedRequest): void {
    this.refused.add(request);
  }

  /** Closes every open count now, the current minute's too (close does; tests that want the counts written do). */
  closeOpenCounts(): void {
    this.enqueueAll(this.refused.closeAll(this.ids));
  }

  private depthOf(buffer: EventBuffer): number {
    return this.buffers[buffer].items.length + this.buffers[buffer].inFlight;
  }

  private enqueueAll(events: readonly ApiEvent[]): void {
    for (const event of events) this.enqueue(event);
  }

  private enqueue(event: ApiEvent): void {
    this.counts.recorded += 1;
    const buffer = this.buffers[event.userId === undefined ? 'anonymous' : 'authenticated'];
    if (buffer.items.length >= this.options.maxBuffered) {
      buffer.dropped += 1;
      buffer.droppedSinceWarning += 1;
      this.warnAboutDropsWhenDue();
      return;
    }
    buffer.items.push(event);
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
    // The open counts are written with the rest, for what is left of the budget (CONTRACT 9.5).
    this.closeOpenCounts();
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
    else {
      // A counted entry not written stands for all the refused requests it counts.
      const refusedNotWritten = this.buffers.anonymous.items.reduce((sum, event) => sum + (event.count ?? 0), 0);
      this.logger.warn({ ...tally, refusedNotWritten }, `api event log closed: ${lost} entries could not be written`);
    }
  }

  private async drain(): Promise<void> {
    const { authenticated, anonymous } = this.buffers;
    while (authenticated.items.length + anonymous.items.length > 0 && !this.stopped) {
      // Authenticated entries first: a backlog of the others never delays them by more than one batch.
      const fromAuthenticated = authenticated.items.splice(0, this.options.batchSize);
      const fromAnonymous = anonymous.items.splice(0, this.options.batchSize - fromAuthenticated.length);
      const batch = [...fromAuthenticated, ...fromAnonymous];
      authenticated.inFlight = fromAuthenticated.length;
      anonymous.inFlight = fromAnonymous.length;
      const started = Date.now();
      try {
        await this.store.append(batch);
        this.counts.written += batch.length;
      } catch (error) {
        this.counts.failed += batch.length;
        this.logger.error({ err: error, events: batch.length }, 'api event log: a batch could not be written');
      } finally {
        authenticated.inFlight = 0;
        anonymous.inFlight = 0;
        this.slowestWriteMs = Math.max(Date.now() - started, this.slowestWriteMs * 0.9);
      }
    }
  }

  /** Warns about the drops not yet reported, at most once per interval (`force`: at close). */
  private warnAboutDropsWhenDue(force = false): void {
    const { authenticated, anonymous } = this.buffers;
    if (authenticated.droppedSinceWarning + anonymous.droppedSinceWarning === 0) return;
    const now = this.clock.now().getTime();
    if (!force && this.lastDropWarning !== undefined && now - this.lastDropWarning < this.options.dropWarningIntervalMs) return;
    this.logger.warn(
      {
        dropped: authenticated.droppedSinceWarning + anonymous.droppedSinceWarning,
        droppedTotal: this.droppedCount,
        droppedAuthenticated: authenticated.droppedSinceWarning,
        droppedAnonymous: anonymous.droppedSinceWarning,
        maxBuffered: this.options.maxBuffered,
      },
      'api event log: buffer full, new entries dropped',
    );
    this.lastDropWarning = now;
    authenticated.droppedSinceWarning = 0;
    anonymous.droppedSinceWarning = 0;
  }
}
