import type { Clock, EndedSessions, EndedSessionStore } from '../ports';

/** How often a copy reads the sessions other copies ended: well inside CONTRACT 10.3's 5 s. */
export const DEFAULT_ENDED_SESSION_POLL_MS = 1_000;
/** CONTRACT 10.3 / 11.2: past this without a successful read after a failed one, the list cannot vouch. */
export const MAX_ENDED_SESSION_STALENESS_MS = 5_000;
/**
 * Each read goes back this far before the previous one: an end written by another copy whose clock is
 * behind ours, or whose write landed after our read began, is still caught.
 */
export const ENDED_SESSION_READ_OVERLAP_MS = 10_000;

export interface EndedSessionListOptions {
  readonly pollMs?: number;
  /** A failed read (the list keeps what it knows; see `isEnded`). */
  readonly onReadError?: (error: unknown) => void;
}

/**
 * The ended sessions of one service in this copy's memory (CONTRACT 11.2), the same shape as the API-key
 * cache's 5 s (CONTRACT 10.3): an end through this copy is refused here at once; an end through another
 * copy is read by the next poll (every second), so every copy refuses it within 5 s. A request pays one
 * Map lookup, never a database round trip. Bounded: an entry is dropped once its `expiresAt` has passed
 * (the end plus the access tokens' lifetime: no token of the session can be valid by then), on every
 * poll, so the list holds at most the sessions ended in the last lifetime (plus one poll interval).
 */
export class EndedSessionList implements EndedSessions {
  private readonly ended = new Map<string, number>();
  /** Clock time (ms) at which the last successful read began; undefined before the first. */
  private readAt: number | undefined;
  private readError: unknown;
  private reading: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: EndedSessionStore,
    private readonly clock: Clock,
    private readonly lifetimeSeconds: number,
    private readonly options: EndedSessionListOptions = {},
  ) {}

  /** Starts polling (an unref'd timer: it never keeps the process alive); the first read starts now. */
  start(): void {
    if (this.timer !== undefined) return;
    this.poll();
    this.timer = setInterval(() => this.poll(), this.options.pollMs ?? DEFAULT_ENDED_SESSION_POLL_MS);
    this.timer.unref();
  }

  close(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** How many sessions the list holds (bench:auth prints it). */
  get size(): number {
    return this.ended.size;
  }

  async end(sessionIds: readonly string[], now: Date): Promise<void> {
    if (sessionIds.length === 0) return;
    const expiresAt = new Date(now.getTime() + this.lifetimeSeconds * 1000);
    await this.store.end(sessionIds.map((sessionId) => ({ sessionId, endedAt: now, expiresAt })));
    for (const sessionId of sessionIds) this.remember(sessionId, expiresAt.getTime());
  }

  /**
   * A memory lookup. Before the first read it waits for it (a fresh copy knows nothing yet); when reads
   * have been failing for longer than 5 s it throws the read's error: the request fails as a database
   * fault does (503, CONTRACT 9.5) rather than accept a session another copy may have ended.
   */
  async isEnded(sessionId: string): Promise<boolean> {
    if (this.readAt === undefined) await this.read();
    else if (this.readError !== undefined && this.clock.now().getTime() - this.readAt > MAX_ENDED_SESSION_STALENESS_MS)
      throw this.readError;
    return this.ended.has(sessionId);
  }

  /** Reads what was ended since the last read (concurrent callers share one read). */
  read(): Promise<void> {
    this.reading ??= this.readOnce().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private poll(): void {
    this.read().catch((error: unknown) => this.options.onReadError?.(error));
  }

  private async readOnce(): Promise<void> {
    const now = this.clock.now();
    const since =
      this.readAt === undefined
        ? now.getTime() - this.lifetimeSeconds * 1000
        : this.readAt - ENDED_SESSION_READ_OVERLAP_MS;
    let sessions;
    try {
      sessions = await this.store.endedSince(new Date(since), now);
    } catch (error) {
      this.readError = error;
      throw error;
    }
    for (const session of sessions) this.remember(session.sessionId, session.expiresAt.getTime());
    this.evictExpired(now.getTime());
    this.readAt = now.getTime();
    this.readError = undefined;
  }

  private remember(sessionId: string, expiresAt: number): void {
    const known = this.ended.get(sessionId);
    if (known === undefined || known < expiresAt) this.ended.set(sessionId, expiresAt);
  }

  private evictExpired(now: number): void {
    for (const [sessionId, expiresAt] of this.ended) if (expiresAt <= now) this.ended.delete(sessionId);
  }
}
