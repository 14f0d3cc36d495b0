import type { Redis } from 'ioredis';
import type { KpiCache } from '../../application/kpi/ports';
import type { Clock } from '../../application/shared/ports';

/**
 * The KPI cache in the shared Redis (REDIS_URL), so every instance answers from one entry per key.
 * The entry carries its expiry by the service's clock (what decides a hit), and Redis drops it after
 * the same time (PX) so nothing piles up.
 */
export class RedisKpiCache implements KpiCache {
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
    private readonly prefix: string = 'kpi:',
  ) {}

  async get(key: string): Promise<string | undefined> {
    const stored = await this.redis.get(`${this.prefix}${key}`);
    if (stored === null) return undefined;
    const separator = stored.indexOf(':');
    const expiresAt = Number(stored.slice(0, separator));
    if (separator < 0 || !Number.isFinite(expiresAt) || expiresAt <= this.clock.now().getTime()) return undefined;
    return stored.slice(separator + 1);
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.redis.set(
      `${this.prefix}${key}`,
      `${this.clock.now().getTime() + ttlMs}:${value}`,
      'PX',
      Math.max(1, Math.ceil(ttlMs)),
    );
  }
}
