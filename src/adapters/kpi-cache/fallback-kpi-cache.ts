import type { KpiCache } from '../../application/kpi/ports';

/**
 * The shared cache (Redis) that never fails a request (CONTRACT 8.3): when it fails, a read is a miss
 * and a write is dropped, so the answer is computed; the switch is logged once (a warning), and once
 * more when the cache answers again.
 */
export class FallbackKpiCache implements KpiCache {
  private degraded = false;

  constructor(
    private readonly primary: KpiCache,
    private readonly onSwitch: (event: { degraded: boolean; error?: unknown }) => void,
  ) {}

  async get(key: string): Promise<string | undefined> {
    try {
      const value = await this.primary.get(key);
      this.recovered();
      return value;
    } catch (error) {
      this.failed(error);
      return undefined;
    }
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    try {
      await this.primary.set(key, value, ttlMs);
      this.recovered();
    } catch (error) {
      this.failed(error);
    }
  }

  private failed(error: unknown): void {
    if (this.degraded) return;
    this.degraded = true;
    this.onSwitch({ degraded: true, error });
  }

  private recovered(): void {
    if (!this.degraded) return;
    this.degraded = false;
    this.onSwitch({ degraded: false });
  }
}
