import type { KpiCache } from './ports';

/** CONTRACT 8.3: a KPI answer lives 60 s. */
export const KPI_CACHE_TTL_MS = 60_000;

export interface CachedAnswer {
  /** The answer as JSON text: served as it is (a hit is neither parsed nor serialized again). */
  readonly json: string;
  /** True when the answer came from the cache (`X-Cache: HIT`). */
  readonly hit: boolean;
}

/**
 * Answers from the cache, or computes and stores: one computation per key at a time in this process
 * (single flight: concurrent misses of one key wait for the same computation, and all of them are
 * misses). The cache holds JSON text, so the cached answer is byte for byte the computed one. The
 * cache may be degraded (a Redis outage): its adapter then misses and drops writes, and the answer is
 * computed.
 */
export class CachedReports {
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(
    private readonly cache: KpiCache,
    private readonly ttlMs: number = KPI_CACHE_TTL_MS,
  ) {}

  async answer(key: string, compute: () => Promise<unknown>): Promise<CachedAnswer> {
    const pending = this.inFlight.get(key);
    if (pending !== undefined) return { json: await pending, hit: false };
    const cached = await this.cache.get(key);
    if (cached !== undefined) return { json: cached, hit: true };
    // A computation may have started while the cache was asked.
    const started = this.inFlight.get(key);
    if (started !== undefined) return { json: await started, hit: false };
    const computation = (async () => {
      const json = JSON.stringify(await compute());
      await this.cache.set(key, json, this.ttlMs);
      return json;
    })();
    this.inFlight.set(key, computation);
    try {
      return { json: await computation, hit: false };
    } finally {
      this.inFlight.delete(key);
    }
  }
}
