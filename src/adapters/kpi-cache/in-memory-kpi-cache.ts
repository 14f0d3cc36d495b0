import type { KpiCache } from '../../application/kpi/ports';
import type { Clock } from '../../application/shared/ports';

/** Enough for every period a dashboard asks for; a flood of distinct queries evicts the oldest. */
export const DEFAULT_KPI_CACHE_ENTRIES = 1_000;

/**
 * The per-instance KPI cache (no REDIS_URL): bounded, oldest entry evicted first (Map keeps insertion
 * order), expiry by the clock, checked on read.
 */
export class InMemoryKpiCache implements KpiCache {
  private readonly entries = new Map<string, { readonly value: string; readonly expiresAt: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly maxEntries: number = DEFAULT_KPI_CACHE_ENTRIES,
  ) {}

  async get(key: string): Promise<string | undefined> {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.clock.now().getTime()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: this.clock.now().getTime() + ttlMs });
  }
}
