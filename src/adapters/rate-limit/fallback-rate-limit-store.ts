import type { RateLimitHit, RateLimitStore } from '../../application/shared/ports';

/**
 * The shared store (Redis) with a per-instance fallback: when the shared store fails, the request is
 * counted in memory instead of failing, and the switch is logged once (and once more when the shared
 * store answers again). A limiter must never turn a Redis outage into an API outage.
 */
export class FallbackRateLimitStore implements RateLimitStore {
  private degraded = false;

  constructor(
    private readonly primary: RateLimitStore,
    private readonly fallback: RateLimitStore,
    private readonly onSwitch: (event: { degraded: boolean; error?: unknown }) => void,
  ) {}

  async hit(key: string, windowMs: number): Promise<RateLimitHit> {
    try {
      const hit = await this.primary.hit(key, windowMs);
      if (this.degraded) {
        this.degraded = false;
        this.onSwitch({ degraded: false });
      }
      return hit;
    } catch (error) {
      if (!this.degraded) {
        this.degraded = true;
        this.onSwitch({ degraded: true, error });
      }
      return this.fallback.hit(key, windowMs);
    }
  }
}
