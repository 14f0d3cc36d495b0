import type { Clock, EndedSessions, EndedSessionStore } from '../ports';

/** A list older than this is read again in the background, while requests are answered from memory. */
export const DEFAULT_ENDED_SESSION_REFRESH_MS = 1_000;
/** CONTRACT 10.3 / 11.2: a list older than this is read again before the request is answered. */
export const MAX_ENDED_SESSION_AGE_MS = 5_000;
/**
 * Each read goes back this far before the previous one: an end written by another copy whose clock is
 * behind ours, or whose write landed while our previous read ran, is still caught.
 */
export const ENDED_SESSION_READ_OVERLAP_MS = 10_000;

export interface EndedSessionListOptions {
  readonly refreshMs?: number;
  /** A failed background read (the next request past 5 s reads again, and fails with its error: 503). */
  readonly onReadError?: (error: unknown) => void;
  /** Milliseconds of a monotonic clock (the list's age; tests may stop the Clock, not this). */
  readonly elapsedMs?: () => number;
}

/**
 * The ended sessions of one service in this copy's memory (CONTRACT 11.2), the same shape as the API-key
 * cache's 5 s (CONTRACT 10.3): an end through this copy is refused here at once; an end through another
 * copy is in the list read after it. A request pays a Map lookup: a list older than 1 s is read again in
 * the background (one small indexed query, at most one at a time), and only a list older than 5 s (a
 * copy that served nothing for 5 s) makes its request wait for a read. So a session ended at T is
 * refused by every copy from T + 5 s at the latest, and no timer runs in an idle copy.
 *
 * Bounded: an entry leaves at its `expiresAt` (the end plus the access tokens' lifetime, when no token
 * of the session can be valid any more), at every read; the list holds the sessions ended in the last
 * lifetime, as the TTL index does in the database.
 */
export class EndedSessionList implements EndedSessions {
  private readonly ended = new Map<string, number>();
  /** When (monotonic ms, and Clock time) the last successful read began; undefined before the first. */
  private readStartedAt: { readonly elapsed: number; readonly clock: number } | undefined;
  private reading: Promise<void> | undefined;
  private readonly elapsedMs: () => number;

  constructor(
    private readonly store: EndedSessionStore,
    private readonly clock: Clock,
    private readonly lifetimeSeconds: number,
    private readonly options: EndedSessionListOptions = {},
  ) {
    this.elapsedMs = options.elapsedMs ?? (() => performance.now());
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

  async isEnded(sessionId: string): Promise<boolean> {
    const age = this.readStartedAt === undefined ? Infinity : this.elapsedMs() - this.readStartedAt.elapsed;
    if (age > MAX_ENDED_SESSION_AGE_MS) await this.read();
    else if (age >= (this.options.refreshMs ?? DEFAULT_ENDED_SESSION_REFRESH_MS) && this.reading === undefined)
      this.read().catch((error: unknown) => this.options.onReadError?.(error));
    return this.ended.has(sessionId);
  }

  /** Reads what was ended since the last read (concurrent callers share one read). */
  read(): Promise<void> {
    this.reading ??= this.readOnce().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async readOnce(): Promise<void> {
    const startedAt = { elapsed: this.elapsedMs(), clock: this.clock.now().getTime() };
    const since =
      this.readStartedAt === undefined
        ? startedAt.clock - this.lifetimeSeconds * 1000
        : this.readStartedAt.clock - ENDED_SESSION_READ_OVERLAP_MS;
    const sessions = await this.store.endedSince(new Date(since), new Date(startedAt.clock));
    for (const session of sessions) this.remember(session.sessionId, session.expiresAt.getTime());
    this.evictExpired(startedAt.clock);
    this.readStartedAt = startedAt;
  }

  private remember(sessionId: string, expiresAt: number): void {
    const known = this.ended.get(sessionId);
    if (known === undefined || known < expiresAt) this.ended.set(sessionId, expiresAt);
  }

  private evictExpired(now: number): void {
    for (const [sessionId, expiresAt] of this.ended) if (expiresAt <= now) this.ended.delete(sessionId);
  }
}
