import { availableParallelism } from 'node:os';
import { CapacityExceededError } from '../../application/shared/capacity-exceeded-error';
import type { PasswordHasher } from '../../application/shared/ports';
import { ConcurrencyLimit } from '../system/concurrency-limit';

export interface PasswordHashingLimits {
  /** Hashes running at once. */
  readonly concurrency: number;
  /** Hashes waiting for a slot; past that a call is refused with CapacityExceededError. */
  readonly maxQueued: number;
  /** What the refusal tells the client (the HTTP answer's `Retry-After`). */
  readonly retryAfterSeconds: number;
}

/**
 * Each hash keeps a core busy for tens of milliseconds (on its own low-priority thread, see
 * ThreadedArgon2PasswordHasher). One core is left to the event loop, and at most two hashes run at
 * once: on two cores that is one.
 */
export const defaultHashConcurrency = (cores = availableParallelism()): number => Math.min(2, Math.max(1, cores - 1));

/** About one second of waiting at one hash at a time (argon2id at the OWASP minimum takes ~50 ms). */
export const DEFAULT_HASH_QUEUE = 16;
export const HASH_RETRY_AFTER_SECONDS = 1;

/**
 * CONTRACT 9.5: password hashing runs with bounded concurrency behind a bounded queue, so a login
 * flood (many IPs, each under its limit) cannot starve the other routes; past the queue a call is
 * refused at once. Verifying a real hash and the dummy share one queue, so a saturated service
 * answers a known and an unknown e-mail alike (CONTRACT 3.1).
 */
export class BoundedPasswordHasher implements PasswordHasher {
  private readonly limit: ConcurrencyLimit;
  private readonly refusal: () => CapacityExceededError;

  constructor(
    private readonly inner: PasswordHasher,
    limits: PasswordHashingLimits,
  ) {
    // One error for every refusal: it carries nothing of the request, and a flood of refusals then
    // costs no stack capture each.
    const refused = new CapacityExceededError('password hashing', limits.retryAfterSeconds);
    this.refusal = () => refused;
    this.limit = new ConcurrencyLimit(limits.concurrency, { maxQueued: limits.maxQueued, whenFull: this.refusal });
  }

  hash(password: string): Promise<string> {
    return this.limit.run(() => this.inner.hash(password));
  }

  verify(passwordHash: string, password: string): Promise<boolean> {
    return this.limit.run(() => this.inner.verify(passwordHash, password));
  }

  verifyAgainstDummy(password: string): Promise<false> {
    return this.limit.run(() => this.inner.verifyAgainstDummy(password));
  }

  async checkCapacity(): Promise<void> {
    if (this.limit.full) throw this.refusal();
    await this.inner.checkCapacity();
  }
}
