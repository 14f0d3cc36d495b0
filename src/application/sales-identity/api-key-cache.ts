import type { Clock } from '../shared/ports';
import type { SalesIdentity } from '../../domain/sales-identity/sales-user';

export const DEFAULT_API_KEY_CACHE_TTL_MS = 5_000;
export const DEFAULT_API_KEY_CACHE_MAX_ENTRIES = 10_000;

interface Entry {
  readonly keyId: string;
  readonly identity: SalesIdentity;
  readonly expiresAt: number;
}

/**
 * Verified API keys, keyed by the key's SHA-256 hash (never the plain key), for `ttlMs`. This bounds
 * how long a revocation made by another instance (or the CLI) can go unnoticed; a revocation through
 * this process evicts at once. Only successful lookups are cached, so a new key works immediately.
 */
export class ApiKeyCache {
  private readonly entries = new Map<string, Entry>();
  /** Keys revoked through this process: a lookup that was already under way must not cache them again. */
  private readonly revokedIds = new Set<string>();

  constructor(
    private readonly clock: Clock,
    readonly ttlMs: number = DEFAULT_API_KEY_CACHE_TTL_MS,
    private readonly maxEntries: number = DEFAULT_API_KEY_CACHE_MAX_ENTRIES,
  ) {}

  get(keyHash: string): SalesIdentity | undefined {
    const entry = this.entries.get(keyHash);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.clock.now().getTime()) {
      this.entries.delete(keyHash);
      return undefined;
    }
    return entry.identity;
  }

  set(keyHash: string, keyId: string, identity: SalesIdentity): void {
    if (this.ttlMs <= 0 || this.revokedIds.has(keyId)) return;
    this.entries.delete(keyHash);
    // Map keeps insertion order: the oldest entry goes first when full.
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    this.entries.set(keyHash, { keyId, identity, expiresAt: this.clock.now().getTime() + this.ttlMs });
  }

  evictKey(keyId: string): void {
    this.revokedIds.add(keyId);
    for (const [hash, entry] of this.entries) if (entry.keyId === keyId) this.entries.delete(hash);
  }

  get size(): number {
    return this.entries.size;
  }
}
