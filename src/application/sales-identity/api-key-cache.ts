import type { Clock } from '../shared/ports';
import type { SalesIdentity } from '../../domain/sales-identity/sales-user';

export const DEFAULT_API_KEY_CACHE_TTL_MS = 5_000;
export const DEFAULT_API_KEY_CACHE_MAX_ENTRIES = 10_000;
/**
 * How long a revocation through this process is remembered: only a lookup already under way when the
 * key was revoked (it read the key before the revocation) could cache it again, and no request lives
 * this long. Later lookups read the revoked key from the database and never cache it.
 */
export const REVOKED_MEMORY_MS = 60_000;

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
  /**
   * Keys revoked through this process in the last REVOKED_MEMORY_MS, with the time of the revocation:
   * a lookup that was already under way must not cache them again. Bounded like the entries (oldest
   * revocation first), so it never grows with the keys ever revoked.
   */
  private readonly revokedIds = new Map<string, number>();

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
    this.forgetOldRevocations();
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
    this.forgetOldRevocations();
    this.revokedIds.delete(keyId);
    if (this.revokedIds.size >= this.maxEntries) {
      const oldest = this.revokedIds.keys().next();
      if (oldest.done !== true) this.revokedIds.delete(oldest.value);
    }
    this.revokedIds.set(keyId, this.clock.now().getTime());
    for (const [hash, entry] of this.entries) if (entry.keyId === keyId) this.entries.delete(hash);
  }

  /** Revocations are kept in the order they were made: the old ones are at the front. */
  private forgetOldRevocations(): void {
    const horizon = this.clock.now().getTime() - REVOKED_MEMORY_MS;
    for (const [keyId, at] of this.revokedIds) {
      if (at > horizon) break;
      this.revokedIds.delete(keyId);
    }
  }

  /** Revocations remembered now (bounded by the entries' bound and REVOKED_MEMORY_MS). */
  get revocationsRemembered(): number {
    return this.revokedIds.size;
  }

  get size(): number {
    return this.entries.size;
  }
}
