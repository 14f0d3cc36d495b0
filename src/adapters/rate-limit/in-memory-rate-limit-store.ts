import type { Clock, RateLimitHit, RateLimitStore } from '../../application/shared/ports';

export const DEFAULT_MAX_ENTRIES = 10_000;
export const DEFAULT_CLEANUP_INTERVAL_MS = 60_000;

interface Window {
  count: number;
  readonly resetAt: number;
}

/**
 * Per-instance fixed windows. Bounded: expired windows are swept periodically, and when the map is
 * full the oldest window is evicted in constant time (Map keeps insertion order), so a flood of
 * distinct keys can neither grow memory without limit nor make each request cost a scan.
 */
export class InMemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, Window>();
  private readonly sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly maxEntries: number = DEFAULT_MAX_ENTRIES,
    cleanupIntervalMs: number = DEFAULT_CLEANUP_INTERVAL_MS,
  ) {
    if (cleanupIntervalMs > 0) {
      this.sweeper = setInterval(() => this.sweep(), cleanupIntervalMs);
      this.sweeper.unref();
    }
  }

  async hit(key: string, windowMs: number): Promise<RateLimitHit> {
    const now = this.clock.now().getTime();
    let window = this.windows.get(key);
    if (window === undefined || window.resetAt <= now) {
      this.windows.delete(key);
      if (this.windows.size >= this.maxEntries) this.evictOne();
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  get size(): number {
    return this.windows.size;
  }

  /** Drops every expired window. */
  sweep(): void {
    const now = this.clock.now().getTime();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }

  close(): void {
    if (this.sweeper !== undefined) clearInterval(this.sweeper);
  }

  /**
   * The oldest window goes, expired or not (the periodic sweep takes the other expired ones). No sweep
   * here: once full, a flood of fresh addresses would otherwise visit every window on every request.
   */
  private evictOne(): void {
    const oldest = this.windows.keys().next();
    if (oldest.done !== true) this.windows.delete(oldest.value);
  }
}
