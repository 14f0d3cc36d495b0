import type { ApiEvent, ApiEventFilter, RefusedRequest } from '../../domain/sales-identity/api-event';
import type { ApiKeyRecord } from '../../domain/sales-identity/api-key';
import type { SalesIdentity, SalesUser } from '../../domain/sales-identity/sales-user';
import type { PendingPasswordReset } from '../shared/password-reset-completion';
import { token, type Token } from '../shared/token';

/** Sales-service operator accounts. */
export interface SalesUserRepository {
  /** Left-free by design: a duplicate e-mail resolves 'duplicate' (the unique index decides, not a read). */
  create(user: SalesUser): Promise<'created' | 'duplicate'>;
  findByEmail(email: string): Promise<SalesUser | undefined>;
  findById(id: string): Promise<SalesUser | undefined>;
  /**
   * Sets the password a reset made at `at` chose, unless a reset made later already set one (the
   * completion of a reset that died must not undo a newer one); idempotent. false when it did not set
   * it (superseded, or no such user).
   */
  // Crash consistency (CONTRACT 10.2): (a) one conditional single-document write, idempotent: the password step of a
  // reset (c), re-run by its completion (docs/decisions.md "Sales identity").
  updatePassword(id: string, passwordHash: string, at: Date): Promise<boolean>;
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
  /**
   * The hashes of the user's tokens that could still buy access tokens at some time since `since`:
   * not revoked before it and not expired by then (CONTRACT 11.2: their sessions may have live tokens).
   */
  usableSince(userId: string, since: Date): Promise<readonly string[]>;
}
export const SalesRefreshTokenStore: Token<SalesRefreshTokenStore> = token('SalesRefreshTokenStore');

export type ResetTokenConsumption =
  | { readonly outcome: 'consumed'; readonly userId: string }
  | { readonly outcome: 'expired' }
  | { readonly outcome: 'already-used' }
  /** Used, and its reset not marked applied yet: in flight, or cut by a crash (the caller completes it). */
  | { readonly outcome: 'pending'; readonly reset: PendingPasswordReset }
  | { readonly outcome: 'unknown' };

/** Single-use password-reset tokens, stored as SHA-256 hashes. */
export interface PasswordResetTokenStore {
  save(token: { tokenHash: string; userId: string; expiresAt: Date; createdAt: Date }): Promise<void>;
  /**
   * Marks the token used and stores the new password's hash with it, in one conditional write, so two
   * concurrent consumptions of one token cannot both see 'consumed', and a consumed token always
   * carries what its reset has to write.
   */
  // Crash consistency (CONTRACT 10.2): (c) the consume is the commit point: one conditional write storing the new hash;
  // the password, the revocation and `markApplied` follow, idempotent, completed after a crash by the same link, the
  // serve tick or check-data --repair (docs/decisions.md "Sales identity").
  consume(tokenHash: string, passwordHash: string, now: Date): Promise<ResetTokenConsumption>;
  /** The reset of this token is complete: forgets the stored hash (idempotent); the token stays used. */
  markApplied(tokenHash: string): Promise<void>;
  /**
   * Consumed resets not marked applied, consumed at or before `usedBefore` (and at or after `from`), oldest first, at
   * most `limit`.
   */
  pending(usedBefore: Date, limit: number, from?: Date): Promise<readonly PendingPasswordReset[]>;
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

/** Who an access token speaks for, and the session (`sid`) it was issued from (CONTRACT 11.1). */
export interface SalesSession {
  readonly identity: SalesIdentity;
  readonly sessionId: string;
}

/** Signs and verifies the sales access token (JWT HS256, claims sub, email, role, sid; CONTRACT 11.1). */
export interface SalesAccessTokens {
  issue(identity: SalesIdentity, sessionId: string, now: Date): string;
  /** The identity and session of a valid, unexpired token; undefined for anything else. */
  verify(token: string, now: Date): SalesSession | undefined;
}
export const SalesAccessTokens: Token<SalesAccessTokens> = token('SalesAccessTokens');

/** Where request events end up; written in batches. */
export interface ApiEventStore {
  /**
   * Idempotent by id: an event already stored counts as written, so a batch whose write failed
   * (perhaps after part of it was stored) may be appended again whole (CONTRACT 9.5).
   */
  // Crash consistency (CONTRACT 10.2): (c) idempotent by id: a batch cut by a crash or a fault is appended again whole;
  // the recorder's buffer (at most a second) is lost with the process, as documented.
  append(events: readonly ApiEvent[]): Promise<void>;
  /** Newest first. */
  list(
    filter: ApiEventFilter,
    page: { skip: number; limit: number },
  ): Promise<{ items: readonly ApiEvent[]; total: number }>;
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
