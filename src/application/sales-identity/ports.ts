import type { ApiEvent, ApiEventFilter, RefusedRequest } from '../../domain/sales-identity/api-event';
import type { ApiKeyRecord } from '../../domain/sales-identity/api-key';
import type { SalesIdentity, SalesUser } from '../../domain/sales-identity/sales-user';
import { token, type Token } from '../shared/token';

/** Sales-service operator accounts. */
export interface SalesUserRepository {
  /** Left-free by design: a duplicate e-mail resolves 'duplicate' (the unique index decides, not a read). */
  create(user: SalesUser): Promise<'created' | 'duplicate'>;
  findByEmail(email: string): Promise<SalesUser | undefined>;
  findById(id: string): Promise<SalesUser | undefined>;
  updatePassword(id: string, passwordHash: string, at: Date): Promise<void>;
}
export const SalesUserRepository: Token<SalesUserRepository> = token('SalesUserRepository');

export interface StoredRefreshToken {
  readonly tokenHash: string;
  readonly userId: string;
  readonly expiresAt: Date;
}

/** Opaque refresh tokens, stored as SHA-256 hashes. */
export interface SalesRefreshTokenStore {
  save(token: StoredRefreshToken & { readonly createdAt: Date }): Promise<void>;
  /** The token when it exists, is not revoked and has not expired at `now`. */
  findActive(tokenHash: string, now: Date): Promise<StoredRefreshToken | undefined>;
  revoke(tokenHash: string, at: Date): Promise<void>;
  // Crash consistency (CONTRACT 10.2): (c) one updateMany, atomic per token; a crash part-way is finished by the retry.
  revokeAllOfUser(userId: string, at: Date): Promise<void>;
}
export const SalesRefreshTokenStore: Token<SalesRefreshTokenStore> = token('SalesRefreshTokenStore');

export type ResetTokenConsumption =
  | { readonly outcome: 'consumed'; readonly userId: string }
  | { readonly outcome: 'expired' }
  | { readonly outcome: 'already-used' }
  | { readonly outcome: 'unknown' };

/** Single-use password-reset tokens, stored as SHA-256 hashes. */
export interface PasswordResetTokenStore {
  save(token: { tokenHash: string; userId: string; expiresAt: Date; createdAt: Date }): Promise<void>;
  /**
   * Marks the token used in one conditional write, so two concurrent consumptions of one token
   * cannot both see 'consumed'.
   */
  // Crash consistency (CONTRACT 10.2): (a) one conditional write; the reset's password and revocation follow as separate writes, none completed after a crash (to fix: consume stores the new hash, a tick or the same link completes; docs/decisions.md F2).
  consume(tokenHash: string, now: Date): Promise<ResetTokenConsumption>;
}
export const PasswordResetTokenStore: Token<PasswordResetTokenStore> = token('PasswordResetTokenStore');

export interface ApiKeyRepository {
  save(key: ApiKeyRecord): Promise<void>;
  findActiveByHash(keyHash: string): Promise<ApiKeyRecord | undefined>;
  findById(id: string): Promise<ApiKeyRecord | undefined>;
  /** Newest first; every key when userId is undefined. */
  list(userId: string | undefined): Promise<readonly ApiKeyRecord[]>;
  /** Sets revokedAt once; a second revocation keeps the first time. */
  revoke(id: string, at: Date): Promise<void>;
}
export const ApiKeyRepository: Token<ApiKeyRepository> = token('ApiKeyRepository');

/** Signs and verifies the sales access token (JWT HS256, claims sub, email, role). */
export interface SalesAccessTokens {
  issue(identity: SalesIdentity, now: Date): string;
  /** The identity of a valid, unexpired token; undefined for anything else. */
  verify(token: string, now: Date): SalesIdentity | undefined;
}
export const SalesAccessTokens: Token<SalesAccessTokens> = token('SalesAccessTokens');

/** Where request events end up; written in batches. */
export interface ApiEventStore {
  /**
   * Idempotent by id: an event already stored counts as written, so a batch whose write failed
   * (perhaps after part of it was stored) may be appended again whole (CONTRACT 9.5).
   */
  // Crash consistency (CONTRACT 10.2): (c) idempotent by id: a batch cut by a crash or a fault is appended again whole; the recorder's buffer (at most a second) is lost with the process, as documented.
  append(events: readonly ApiEvent[]): Promise<void>;
  /** Newest first. */
  list(filter: ApiEventFilter, page: { skip: number; limit: number }): Promise<{ items: readonly ApiEvent[]; total: number }>;
  findById(id: string): Promise<ApiEvent | undefined>;
}
export const ApiEventStore: Token<ApiEventStore> = token('ApiEventStore');

/** Takes one request's event off the request path (no I/O while the request waits). */
export interface ApiEventRecorder {
  record(event: ApiEvent): void;
  /**
   * CONTRACT 9.5: a request refused before any work adds to the count of its (IP, path, status,
   * minute); the count is one entry of the log once its minute has closed.
   */
  countRefused(request: RefusedRequest): void;
}
export const ApiEventRecorder: Token<ApiEventRecorder> = token('ApiEventRecorder');
