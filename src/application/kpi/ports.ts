import { token, type Token } from '../shared/token';

/**
 * The KPI answer cache (CONTRACT 8.3): JSON text per key, kept `ttlMs`. Redis when configured
 * (shared by every instance), memory otherwise. Expiry follows the injected clock.
 */
export interface KpiCache {
  /** The value stored under the key and not yet expired, else undefined. */
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
}
export const KpiCache: Token<KpiCache> = token('KpiCache');
