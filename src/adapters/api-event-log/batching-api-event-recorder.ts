import type { ApiEventRecorder, ApiEventStore } from '../../application/sales-identity/ports';
import type { Clock, IdGenerator } from '../../application/shared/ports';
import type { ApiEvent, RefusedRequest } from '../../domain/sales-identity/api-event';
import type { ApiEventBuffer, ApiEventLogState } from '../metrics/metrics';
import type { Logger } from '../system/logger';
import { SystemClock } from '../system/system-clock';
import { UuidIdGenerator } from '../system/uuid-id-generator';
import { RefusedRequestCounts } from './refused-request-counts';

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
  /** Of a write that failed, not taken back because their buffer had no room left (a failed write is otherwise retried). */
  readonly failed: number;
  /** Still buffered when the shutdown budget ran out. */
  readonly notWritten: number;
  /** In the write still under way when the budget ran out: may or may not have reached the store. */
  readonly unconfirmed: number;
  /** Refused requests counted rather than recorded one by one (each closed count is one recorded entry). */
  readonly refusedCounted: number;
}

/**
 * One bounded buffer (ApiEventBuffer: entries of authenticated requests, or the rest: unauthenticated
 * requests served or refused after work, and the closed counts of refused requests): what waits, what
 * is being written, what was dropped because it was full.
 */
class EventQueue {
  items: ApiEvent[] = [];
  inFlight = 0;
  dropped = 0;
  droppedSinceWarning = 0;
}

/**
 * The API event log off the request path: `record` only appends to a bounded buffer; one write loop
 * (started by the timer, a full batch, `flush` or `close`) writes it batch by batch. A full buffer
 * drops new events, counts them (`droppedCount`, for the metrics) and warns while it happens. A
 * failed write loses nothing: its entries go back to the head of their own buffers and the loop
 * pauses before it tries again (1 s, doubling up to 30 s), so a database outage costs entries only
 * once it lasts longer than the buffers hold; writing again is safe because the store is idempotent
 * by id. `close` writes for at most its budget (a pause ends at once) and reports what it could
 * not write (CONTRACT 9.5).
 *
 * CONTRACT 9.5, "the trail survives a flood": entries of authenticated requests have a buffer of
 * their own, written first in every batch, so nothing unauthenticated can take their room or their
 * turn; only a database outage longer than that buffer holds drops them. Refused requests
 * (`countRefused`) are not entries: they add to bounded counts, and each count becomes one entry
 * of the other buffer when its minute closes (checked on every timer tick), or at close.
 */
export class BatchingApiEventRecorder implements ApiEventRecorder, ApiEventLogState {
  private readonly buffers: Record<ApiEventBuffer, EventQueue> = {
    authenticated: new EventQueue(),
    anonymous: new EventQueue(),
  };
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
  /** The pause after the last failed write (ms); 0 once a write succeeds. */
  private backoffMs = 0;
  /** Failed writes since start. */
  private failures = 0;
  /** The next attempt after a failed write, while the loop backs off. */
  private retryTimer: NodeJS.Timeout | undefined;
  /** Ends close's pause under way (a spent budget stops the loop). */
  private wake: (() => void) | undefined;
  /** The entries of the write under way (for the shutdown report). */
  private inFlightBatch: readonly ApiEvent[] = [];
  /** Refused requests whose counted entry was dropped (no room), for the shutdown report. */
  private refusedLost = 0;

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
      // After a failed write the retry timer decides when to try again, not this tick.
      if (this.retryTimer === undefined) void this.flush();
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
  bufferState(buffer: ApiEventBuffer): { readonly depth: number; readonly dropped: number } {
    return { depth: this.depthOf(buffer), dropped: this.buffers[buffer].dropped };
  }

  /** The counts of refused requests: keys open now, requests counted and of them overflowed, since start. */
  get refusedCounts(): { readonly openKeys: number; readonly counted: number; readonly overflowed: number } {
    return { openKeys: this.refused.openKeys, counted: this.refused.counted, overflowed: this.refused.overflowed };
  }

  tally(): ApiEventLogTally {
    const waiting = this.waiting();
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
    if (this.waiting() >= this.options.batchSize && this.draining === undefined && this.retryTimer === undefined)
      void this.flush();
  }

  countRefused(request: RefusedRequest): void {
    this.refused.add(request);
  }

  /** Closes every open count now, the current minute's too (close does; tests that want the counts written do). */
  closeOpenCounts(): void {
    this.enqueueAll(this.refused.closeAll(this.ids));
  }

  private waiting(): number {
    return this.buffers.authenticated.items.length + this.buffers.anonymous.items.length;
  }

  private depthOf(buffer: ApiEventBuffer): number {
    return this.buffers[buffer].items.length + this.buffers[buffer].inFlight;
  }

  private enqueueAll(events: readonly ApiEvent[]): void {
    for (const event of events) this.enqueue(event);
  }

  private bufferOf(event: ApiEvent): EventQueue {
    return this.buffers[event.userId === undefined ? 'anonymous' : 'authenticated'];
  }

  private enqueue(event: ApiEvent): void {
    this.counts.recorded += 1;
    const buffer = this.bufferOf(event);
    // The entries of the write under way count against the bound: a failed write always finds its room again.
    if (buffer.items.length + buffer.inFlight >= this.options.maxBuffered) {
      buffer.dropped += 1;
      buffer.droppedSinceWarning += 1;
      this.refusedLost += event.count ?? 0;
      this.warnAboutDropsWhenDue();
      return;
    }
    buffer.items.push(event);
  }

  /**
   * A failed write's entries go back to the head of their own buffer, in their order, within its
   * bound; what does not fit (only possible if the bound shrank under them) is counted as failed.
   */
  private takeBack(entries: readonly ApiEvent[], buffer: EventQueue): number {
    const room = Math.max(0, this.options.maxBuffered - buffer.items.length);
    const kept = entries.slice(0, room);
    const lost = entries.slice(room);
    buffer.items = [...kept, ...buffer.items];
    this.counts.failed += lost.length;
    for (const event of lost) this.refusedLost += event.count ?? 0;
    return lost.length;
  }

  /** Waits `ms` unless woken (close, or the budget spent). */
  private pause(ms: number): Promise<void> {
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
  private stop(): void {
    this.stopped = true;
    this.wake?.();
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
    // A write loop backing off after a failure tries again at once: the budget is for writing. From
    // here on close paces the attempts itself, pausing between failures until the budget is spent.
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.backoffMs = 0;
    const drained = (async () => {
      do {
        const failuresBefore = this.failures;
        await this.flush();
        if (this.failures > failuresBefore) {
          // Without a budget (tests, tools) close does not wait out an outage: it reports what is left.
          if (!Number.isFinite(budgetMs)) break;
          if (!this.stopped) await this.pause(this.backoffMs);
        }
      } while (!this.stopped && this.waiting() > 0);
    })();
    // Stop in time: no batch is started that would end past the budget, judged by the slowest recent write.
    let timer: NodeJS.Timeout | undefined;
    const stopAt = (): void => {
      const left = deadline - Date.now() - this.slowestWriteMs;
      if (left <= 0) this.stop();
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
    this.stop();
    this.warnAboutDropsWhenDue(true);
    const tally = this.tally();
    const lost = tally.dropped + tally.failed + tally.notWritten + tally.unconfirmed;
    if (lost === 0) this.logger.info(tally, 'api event log closed: every entry written');
    else {
      // A counted entry not written stands for all the refused requests it counts: those dropped or
      // failed since start, and those still waiting; the write under way may or may not have landed.
      const countsOf = (events: readonly ApiEvent[]): number =>
        events.reduce((sum, event) => sum + (event.count ?? 0), 0);
      const waiting = [...this.buffers.authenticated.items, ...this.buffers.anonymous.items];
      const refusedNotWritten = this.refusedLost + countsOf(waiting);
      const refusedUnconfirmed = tally.unconfirmed > 0 ? countsOf(this.inFlightBatch) : 0;
      this.logger.warn(
        { ...tally, refusedNotWritten, refusedUnconfirmed },
        `api event log closed: ${lost} entries could not be written`,
      );
    }
  }

  private async drain(): Promise<void> {
    // An attempt now (an explicit flush) replaces the one the backoff had scheduled.
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const { authenticated, anonymous } = this.buffers;
    while (authenticated.items.length + anonymous.items.length > 0 && !this.stopped) {
      // Authenticated entries first: a backlog of the others never delays them by more than one batch.
      const fromAuthenticated = authenticated.items.splice(0, this.options.batchSize);
      const fromAnonymous = anonymous.items.splice(0, this.options.batchSize - fromAuthenticated.length);
      const batch = [...fromAuthenticated, ...fromAnonymous];
      authenticated.inFlight = fromAuthenticated.length;
      anonymous.inFlight = fromAnonymous.length;
      this.inFlightBatch = batch;
      const started = Date.now();
      let failure: unknown;
      try {
        await this.store.append(batch);
      } catch (error) {
        failure = error ?? new Error('append failed');
      }
      authenticated.inFlight = 0;
      anonymous.inFlight = 0;
      this.inFlightBatch = [];
      this.slowestWriteMs = Math.max(Date.now() - started, this.slowestWriteMs * 0.9);
      if (failure === undefined) {
        this.counts.written += batch.length;
        this.backoffMs = 0;
        continue;
      }
      // CONTRACT 9.5: a database outage drops entries only once it lasts longer than the buffers hold.
      const lost = this.takeBack(fromAuthenticated, authenticated) + this.takeBack(fromAnonymous, anonymous);
      this.failures += 1;
      this.backoffMs = this.backoffMs === 0 ? this.retryInitialMs : Math.min(this.backoffMs * 2, this.retryMaxMs);
      const retryInMs = this.stopped ? 0 : this.backoffMs;
      this.logger.error(
        { err: failure, events: batch.length, takenBack: batch.length - lost, failed: lost, retryInMs },
        'api event log: a batch could not be written',
      );
      // Back off rather than hammer a database that is down; once closing, close paces the attempts.
      if (this.closing === undefined && !this.stopped) {
        this.retryTimer = setTimeout(() => {
          this.retryTimer = undefined;
          void this.flush();
        }, this.backoffMs);
        this.retryTimer.unref();
      }
      return;
    }
  }

  private get retryInitialMs(): number {
    return this.options.retryInitialMs ?? DEFAULT_BATCHING.retryInitialMs ?? 1_000;
  }

  private get retryMaxMs(): number {
    return Math.max(this.retryInitialMs, this.options.retryMaxMs ?? DEFAULT_BATCHING.retryMaxMs ?? 30_000);
  }

  /** Warns about the drops not yet reported, at most once per interval (`force`: at close). */
  private warnAboutDropsWhenDue(force = false): void {
    const { authenticated, anonymous } = this.buffers;
    if (authenticated.droppedSinceWarning + anonymous.droppedSinceWarning === 0) return;
    const now = this.clock.now().getTime();
    if (!force && this.lastDropWarning !== undefined && now - this.lastDropWarning < this.options.dropWarningIntervalMs)
      return;
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
