import type { KpiCache } from './ports';

/** CONTRACT 8.3: a KPI answer lives 60 s. */
export const KPI_CACHE_TTL_MS = 60_000;

export interface CachedAnswer<T> {
  readonly value: T;
  /** True when the answer came from the cache (`X-Cache: HIT`). */
  readonly hit: boolean;
}

/**
 * Answers from the cache, or computes and stores: one computation per key at a time in this process
 * (single flight: concurrent misses of one key wait for the same computation, and all of them are
 * misses). Values are JSON, so the cached answer is exactly the computed one. The cache may be
 * degraded (a Redis outage): its adapter then misses and drops writes, and the answer is computed.
 */
export class CachedReports {
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(
    private readonly cache: KpiCache,
    private readonly ttlMs: number = KPI_CACHE_TTL_MS,
  ) {}

  async answer<T>(key: string, compute: () => Promise<T>): Promise<CachedAnswer<T>> {
    const pending = this.inFlight.get(key);
    if (pending !== undefined) return { value: (await pending) as T, hit: false };
    const cached = await this.cache.get(key);
    if (cached !== undefined) return { value: JSON.parse(cached) as T, hit: true };
    // A computation may have started while the cache was asked.
    const started = this.inFlight.get(key);
    if (started !== undefined) return { value: (await started) as T, hit: false };
    const computation = (async () => {
      const value = await compute();
      await this.cache.set(key, JSON.stringify(value), this.ttlMs);
      return value;
    })();
    this.inFlight.set(key, computation);
    try {
      return { value: await computation, hit: false };
    } finally {
      this.inFlight.delete(key);
    }
  }
}
