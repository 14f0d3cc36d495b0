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
  // Crash consistency (CONTRACT 10.2): (d) best effort after the source write; a crash before it leaves the contacts
  // stale and not dirty until the reconciling sweep or check-data --repair (to improve: docs/decisions.md F10).
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

/** One ended session (CONTRACT 11.2): its tokens are refused until `expiresAt`, when the last one has expired. */
export interface EndedSession {
  readonly sessionId: string;
  readonly endedAt: Date;
  readonly expiresAt: Date;
}

/**
 * The durable list of ended sessions of one service, read by every copy (CONTRACT 10.3, 11.2). An
 * entry is kept only while a token of its session can be valid (`expiresAt`: TTL index).
 */
export interface EndedSessionStore {
  /**
   * Records the sessions as ended; resolves once the database acknowledged the write, so a logout
   * answered after it stays ended when the process is killed. Idempotent: ending an ended session again
   * moves its times forward.
   */
  // Crash consistency (CONTRACT 10.2): (a) one upsert per session (a bulk write, atomic per document),
  // acknowledged before the logout answers; a crash part-way ends some of the sessions and the caller's
  // retry (the logout again, the reset's completion) ends the rest.
  end(sessions: readonly EndedSession[]): Promise<void>;
  /** The sessions ended at or after `since` whose entry has not expired at `now`, oldest end first. */
  endedSince(since: Date, now: Date): Promise<readonly EndedSession[]>;
}

/** What the use cases and guards see of a service's ended sessions (CONTRACT 11.2). */
export interface EndedSessions {
  /** Ends the sessions: durable when it resolves, refused by this copy at once and by every copy within 5 s. */
  end(sessionIds: readonly string[], now: Date): Promise<void>;
  /** Whether the session ended: a memory lookup once the list has been read (throws when it cannot vouch for it). */
  isEnded(sessionId: string): Promise<boolean>;
}
export const SalesEndedSessions: Token<EndedSessions> = token('SalesEndedSessions');
export const HubEndedSessions: Token<EndedSessions> = token('HubEndedSessions');
