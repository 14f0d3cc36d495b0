import type { GatewayFollowerFeed } from '../ports';
import type { FollowerPosition, FollowerStateStore } from '../read-model-ports';
import { laterOf, minOf, SeenHead } from './seen-head';
import { emptyCounts, type RebuildProgress, type RefreshCounts, type SdrReadModels } from './sdr-read-models';

export interface FollowerOptions {
  /** Names this instance in the lease (diagnostics). */
  readonly holder: string;
  /** Messages read per round (CONTRACT 10.1: the work is proportional to the new messages). */
  readonly batch?: number;
  /** How long a lease lasts without being renewed; a holder that died is replaced after it. */
  readonly leaseMs?: number;
  /** How long a request waits for another instance's fold before it answers with what is there. */
  readonly maxWaitMs?: number;
  /** The safety window: messages whose position is this much older than the head are re-read once, later. */
  readonly lateWindowMs?: number;
  /** Real time (leases and positions follow the clocks of the writers, not a test's clock). */
  readonly now: () => Date;
  readonly sleep?: (ms: number) => Promise<void>;
  /** Told what a round did (logs and metrics). */
  readonly onRound?: (round: FollowerRound) => void;
}

export interface FollowerRound {
  readonly kind: 'follow' | 'settle' | 'build';
  readonly read: number;
  readonly skipped: number;
  readonly counts: RefreshCounts;
}

export const DEFAULT_FOLLOW_BATCH = 1_000;
export const DEFAULT_LEASE_MS = 30_000;
export const DEFAULT_LATE_WINDOW_MS = 120_000;
const DEFAULT_MAX_WAIT_MS = 10_000;
const POLL_MS = 20;

/**
 * Follows the gateway's store, which this service only reads (CONTRACT 8.1, 10.1): before a list or
 * KPI answer, `catchUp` folds in the messages written since the stored position, so a message written
 * before the request is in its answer. The work is proportional to the new messages, done once for
 * concurrent requests of this process (single flight) and once for every instance (the position and a
 * lease in the database: one instance folds, the others wait for it and find nothing left to do).
 *
 * A message inserted later with an older position (another writer's clock) is not lost: `settle`
 * re-reads each stretch of the store once more when it is `lateWindowMs` old (serve runs it on a
 * timer), and the reconciling sweep rebuilds everything (deletes and in-place changes too).
 */
export class GatewayFollower {
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private readonly seen = new SeenHead();
  private readonly batch: number;
  private readonly leaseMs: number;
  private readonly maxWaitMs: number;
  private readonly lateWindowMs: number;
  private readonly now: () => Date;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly gateway: GatewayFollowerFeed,
    private readonly state: FollowerStateStore,
    private readonly models: SdrReadModels,
    private readonly options: FollowerOptions,
  ) {
    this.batch = options.batch ?? DEFAULT_FOLLOW_BATCH;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
    this.lateWindowMs = options.lateWindowMs ?? DEFAULT_LATE_WINDOW_MS;
    this.now = options.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /**
   * Folds in what the gateway wrote since the stored position (the initial build when the models were
   * never built). A call made while a fold runs waits for the next one, which starts after it: what
   * was written before the call is in.
   */
  catchUp(): Promise<void> {
    if (this.running === undefined) {
      this.running = this.followOnce().finally(() => {
        this.running = undefined;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.catchUp();
      });
    return this.queued;
  }

  /** How many times the head this instance saw has moved (SeenHead). */
  get headChanges(): number {
    return this.seen.moves;
  }

  /** When the models were last built whole (null: never). */
  async builtAt(): Promise<Date | null> {
    return (await this.state.read())?.builtAt ?? null;
  }

  /** The fast path: one probe past the head seen last; the position and the fold only when it finds a message. */
  private async followOnce(): Promise<void> {
    const seen = this.seen.head;
    if (seen !== undefined && (await this.gateway.changedChats({ after: seen, limit: 1 })).read === 0) return;
    await this.followStored();
  }

  private async followStored(): Promise<void> {
    const deadline = this.now().getTime() + this.maxWaitMs;
    for (;;) {
      const position = await this.state.read();
      try {
        if (position?.builtAt === null || position === undefined) {
          if (await this.withLease(() => this.build())) return;
        } else {
          const probe = await this.gateway.changedChats({ after: position.head, limit: 1 });
          if (probe.read === 0) {
            this.seen.see(position.head);
            return;
          }
          if (await this.withLease(() => this.fold())) return;
        }
      } catch (error) {
        // The lease ran out mid-fold and another instance took over: what was saved stays; wait for it.
        if (!(error instanceof LeaseLostError)) throw error;
      }
      // Another instance holds the lease: it is folding what this request must see. Wait for it.
      if (this.now().getTime() >= deadline) return;
      await this.sleep(POLL_MS);
    }
  }

  /** Runs `work` holding the lease; false when another instance holds it. */
  private async withLease(work: () => Promise<void>): Promise<boolean> {
    if (!(await this.state.lease(this.options.holder, this.now(), this.leaseMs))) return false;
    try {
      await work();
    } finally {
      await this.state.release(this.options.holder);
    }
    return true;
  }

  private async renew(): Promise<void> {
    if (!(await this.state.lease(this.options.holder, this.now(), this.leaseMs))) throw new LeaseLostError();
  }

  /**
   * Holding the lease: every message after the head, a batch at a time, the head saved after each. The stored head is
   * seen first: another instance may have folded to it after this one's probe (CONTRACT 10.1).
   */
  private async fold(): Promise<void> {
    let head = (await this.state.read())?.head ?? null;
    this.seen.see(head);
    for (;;) {
      const changed = await this.gateway.changedChats({ after: head, limit: this.batch });
      if (changed.read === 0) return;
      const counts = await this.models.refreshChats(changed.chats);
      head = changed.last;
      if (!(await this.state.save(this.options.holder, { head }))) throw new LeaseLostError();
      this.seen.see(head);
      this.options.onRound?.({ kind: 'follow', read: changed.read, skipped: changed.skipped, counts });
      if (changed.read < this.batch) return;
      await this.renew();
    }
  }

  /**
   * Holding the lease: both models built whole. The head is the newest position before the build
   * started (the build saw everything up to it); the settled mark a window before, so late inserts
   * written during the build are re-read by `settle`.
   */
  private async build(): Promise<void> {
    const started = this.now();
    const head = await this.gateway.latestPosition();
    const counts = await this.models.rebuild(() => this.renew());
    const settled =
      head === null ? null : minOf(head, this.gateway.positionAt(new Date(started.getTime() - this.lateWindowMs)));
    if (!(await this.state.save(this.options.holder, { head, settled, builtAt: this.now() })))
      throw new LeaseLostError();
    this.seen.see(head);
    this.options.onRound?.({ kind: 'build', read: 0, skipped: 0, counts });
  }

  /**
   * The safety window: the messages between the settled mark and a window before now (never past the
   * head) are read once more and their chats recomputed, so one inserted late with an older position
   * is in the models a window after its position's time. False when another instance holds the lease.
   */
  async settle(): Promise<boolean> {
    return this.withLease(async () => {
      const position = await this.state.read();
      if (position === undefined || position.builtAt === null || position.head === null) return;
      const upTo = minOf(position.head, this.gateway.positionAt(new Date(this.now().getTime() - this.lateWindowMs)));
      let settled = position.settled;
      if (settled !== null && settled >= upTo) return;
      for (;;) {
        const changed = await this.gateway.changedChats({ after: settled, upTo, limit: this.batch });
        const counts = changed.read === 0 ? emptyCounts() : await this.models.refreshChats(changed.chats);
        settled = changed.read < this.batch ? upTo : changed.last;
        if (!(await this.state.save(this.options.holder, { settled }))) throw new LeaseLostError();
        if (changed.read > 0)
          this.options.onRound?.({ kind: 'settle', read: changed.read, skipped: changed.skipped, counts });
        if (changed.read < this.batch) return;
        await this.renew();
      }
    });
  }

  /**
   * `rebuild-sdr-read-models` and the reconciling sweep: both models rebuilt from scratch while the
   * service may run (refreshes claim, so concurrent ones never lose a write). Afterwards the stored
   * position moves up to what the rebuild saw, under the lease (waited for).
   */
  async rebuild(progress?: RebuildProgress): Promise<RefreshCounts> {
    const started = this.now();
    const head = await this.gateway.latestPosition();
    const counts = await this.models.rebuild(progress);
    const deadline = this.now().getTime() + this.maxWaitMs;
    for (;;) {
      const saved = await this.withLease(async () => {
        const position: FollowerPosition | undefined = await this.state.read();
        const window =
          head === null ? null : minOf(head, this.gateway.positionAt(new Date(started.getTime() - this.lateWindowMs)));
        const built = position === undefined || position.builtAt === null;
        await this.state.save(this.options.holder, {
          head: laterOf(position?.head ?? null, head),
          // A model never built before: the window before the rebuild is re-read, as after a first build.
          settled: built ? window : (position.settled ?? window),
          builtAt: this.now(),
        });
      });
      if (saved || this.now().getTime() >= deadline) return counts;
      await this.sleep(POLL_MS);
    }
  }
}

/** The lease ran out while this instance was folding: another one took over; this one stops. */
export class LeaseLostError extends Error {
  constructor() {
    super('the SDR follower lease was taken over by another instance');
    this.name = 'LeaseLostError';
  }
}
