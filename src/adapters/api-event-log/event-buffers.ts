import type { ApiEvent } from '../../domain/sales-identity/api-event';
import type { ApiEventBuffer } from '../metrics/metrics';

/** One bounded buffer: what waits, what is being written, what was dropped because it was full. */
class EventQueue {
  items: ApiEvent[] = [];
  inFlight = 0;
  dropped = 0;
  droppedSinceWarning = 0;
}

/** The entries of one write, by the buffer they were taken from. */
export interface Batch {
  readonly authenticated: readonly ApiEvent[];
  readonly anonymous: readonly ApiEvent[];
  readonly entries: readonly ApiEvent[];
}

const countsOf = (events: readonly ApiEvent[]): number => events.reduce((sum, event) => sum + (event.count ?? 0), 0);

/**
 * CONTRACT 9.5, "the trail survives a flood": two bounded buffers, one for the entries of
 * authenticated requests, one for the rest (unauthenticated requests served or refused after work,
 * and the closed counts of refused requests). Authenticated entries have their own room and are
 * taken first into every batch, so nothing unauthenticated can take their room or their turn. A full
 * buffer drops new entries and counts them; the entries of the write under way count against the
 * bound, so a failed write always finds its room again.
 */
export class EventBuffers {
  private readonly queues: Record<ApiEventBuffer, EventQueue> = {
    authenticated: new EventQueue(),
    anonymous: new EventQueue(),
  };
  /** The entries of the write under way (for the shutdown report). */
  private inFlightBatch: readonly ApiEvent[] = [];
  /** Of a write that failed, entries not taken back (no room left). */
  private failedCount = 0;
  /** Refused requests whose counted entry was dropped or failed (no room), for the shutdown report. */
  private refusedLostCount = 0;

  constructor(private readonly maxBuffered: number) {}

  /** Appends `event` to its buffer; false when the buffer was full and the event was dropped. */
  offer(event: ApiEvent): boolean {
    const queue = this.queues[event.userId === undefined ? 'anonymous' : 'authenticated'];
    if (queue.items.length + queue.inFlight >= this.maxBuffered) {
      queue.dropped += 1;
      queue.droppedSinceWarning += 1;
      this.refusedLostCount += event.count ?? 0;
      return false;
    }
    queue.items.push(event);
    return true;
  }

  /** Takes the next write: authenticated entries first, so a backlog of the others delays them by one batch at most. */
  take(batchSize: number): Batch {
    const { authenticated, anonymous } = this.queues;
    const fromAuthenticated = authenticated.items.splice(0, batchSize);
    const fromAnonymous = anonymous.items.splice(0, batchSize - fromAuthenticated.length);
    authenticated.inFlight = fromAuthenticated.length;
    anonymous.inFlight = fromAnonymous.length;
    this.inFlightBatch = [...fromAuthenticated, ...fromAnonymous];
    return { authenticated: fromAuthenticated, anonymous: fromAnonymous, entries: this.inFlightBatch };
  }

  /** The write under way ended and was confirmed. */
  written(): void {
    this.endWrite();
  }

  /**
   * The write under way failed: its entries go back to the head of their own buffer, in their order,
   * within its bound; what does not fit (only possible if the bound shrank under them) is counted as
   * failed. Returns how many were not taken back.
   */
  failed(batch: Batch): number {
    this.endWrite();
    return (
      this.takeBack(batch.authenticated, this.queues.authenticated) +
      this.takeBack(batch.anonymous, this.queues.anonymous)
    );
  }

  private endWrite(): void {
    this.queues.authenticated.inFlight = 0;
    this.queues.anonymous.inFlight = 0;
    this.inFlightBatch = [];
  }

  private takeBack(entries: readonly ApiEvent[], queue: EventQueue): number {
    const room = Math.max(0, this.maxBuffered - queue.items.length);
    const lost = entries.slice(room);
    queue.items = [...entries.slice(0, room), ...queue.items];
    this.failedCount += lost.length;
    this.refusedLostCount += countsOf(lost);
    return lost.length;
  }

  /** Entries waiting, both buffers (the write under way not included). */
  get waiting(): number {
    return this.queues.authenticated.items.length + this.queues.anonymous.items.length;
  }

  /** Entries of the write under way. */
  get inFlight(): number {
    return this.queues.authenticated.inFlight + this.queues.anonymous.inFlight;
  }

  /** One buffer's entries waiting or being written. */
  depthOf(buffer: ApiEventBuffer): number {
    return this.queues[buffer].items.length + this.queues[buffer].inFlight;
  }

  /** One buffer's drops since start. */
  droppedOf(buffer: ApiEventBuffer): number {
    return this.queues[buffer].dropped;
  }

  /** Entries dropped on arrival since start, both buffers. */
  get dropped(): number {
    return this.queues.authenticated.dropped + this.queues.anonymous.dropped;
  }

  /** Entries of failed writes not taken back, since start. */
  get failedTotal(): number {
    return this.failedCount;
  }

  /** Drops not yet warned about, per buffer. */
  dropsSinceWarning(): Readonly<Record<ApiEventBuffer, number>> {
    const { authenticated, anonymous } = this.queues;
    return { authenticated: authenticated.droppedSinceWarning, anonymous: anonymous.droppedSinceWarning };
  }

  /** The drops so far were warned about. */
  warnedAboutDrops(): void {
    this.queues.authenticated.droppedSinceWarning = 0;
    this.queues.anonymous.droppedSinceWarning = 0;
  }

  /**
   * A counted entry not written stands for all the refused requests it counts: those dropped or
   * failed since start and those still waiting (`notWritten`); those of the write under way
   * (`unconfirmed`) may or may not have landed.
   */
  refusedNotWritten(): { readonly notWritten: number; readonly unconfirmed: number } {
    const waiting = [...this.queues.authenticated.items, ...this.queues.anonymous.items];
    return { notWritten: this.refusedLostCount + countsOf(waiting), unconfirmed: countsOf(this.inFlightBatch) };
  }
}
