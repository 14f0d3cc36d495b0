import { token, type Token } from './token';

/**
 * Capabilities every area needs. Adapters implement them; use cases receive them by constructor.
 */

export interface Clock {
  now(): Date;
}
export const Clock: Token<Clock> = token('Clock');

/**
 * Persons or their sales were written (a person created or changed, a sale created or its status
 * changed): the views derived from them (the SDR contact read model, CONTRACT 10.1) are brought up to
 * date. Best effort after the write: a failure leaves them to the reconciling sweep, never undoes it.
 */
export interface PersonChanges {
  // Crash consistency (CONTRACT 10.2): (d) best effort after the source write; a crash before it leaves the contacts stale and not dirty until the reconciling sweep or check-data --repair (to improve: docs/decisions.md F10).
  personsChanged(personIds: readonly string[]): Promise<void>;
}
export const PersonChanges: Token<PersonChanges> = token('PersonChanges');

export interface IdGenerator {
  /** A new UUID v4. */
  next(): string;
}
export const IdGenerator: Token<IdGenerator> = token('IdGenerator');

/** A dependency that must answer for the service to be ready (readiness, not liveness). */
export interface ReadinessCheck {
  readonly name: string;
  /** Resolves when the dependency answers; rejects with the reason otherwise. */
  check(): Promise<void>;
}

/** Random secrets: API keys, refresh and reset tokens. */
export interface SecretGenerator {
  /** `bytes` random bytes as lower-case hex (2 * bytes characters). */
  hex(bytes: number): string;
  /** A random UUID v4 (opaque tokens whose format the spec fixes as UUID). */
  uuid(): string;
}
export const SecretGenerator: Token<SecretGenerator> = token('SecretGenerator');

/** One-way fingerprint of a high-entropy secret, for storing and looking up tokens and keys. */
export interface SecretHasher {
  hash(secret: string): string;
}
export const SecretHasher: Token<SecretHasher> = token('SecretHasher');

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /**
   * Does the work of a verification against a hash that matches nothing, so an unknown account
   * costs the same time as a wrong password. Always resolves false.
   */
  verifyAgainstDummy(password: string): Promise<false>;
  /**
   * Rejects with CapacityExceededError when a hash asked for now would be refused (CONTRACT 9.5), so a
   * login refuses before its user lookup and a flood costs no database work. Advisory: the hash itself
   * is still bounded.
   */
  checkCapacity(): Promise<void>;
}
export const PasswordHasher: Token<PasswordHasher> = token('PasswordHasher');

export interface RateLimitHit {
  /** Requests counted in the current window, this one included. */
  readonly count: number;
  /** Milliseconds until the window (fixed from its first request) restarts. */
  readonly resetInMs: number;
}

/**
 * Fixed-window counters: the window starts at the first hit of a key and its expiry is never moved
 * by later hits (spec: "when the window expires the counter restarts").
 */
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<RateLimitHit>;
}
export const RateLimitStore: Token<RateLimitStore> = token('RateLimitStore');

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
export const Mailer: Token<Mailer> = token('Mailer');
