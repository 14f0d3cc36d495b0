import argon2 from 'argon2';
import type { PasswordHasher } from '../../application/shared/ports';
import { ConcurrencyLimit } from '../system/concurrency-limit';

/** OWASP's argon2id minimum: 19 MiB of memory, 2 iterations, 1 lane. */
export const OWASP_ARGON2ID = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2 runs on libuv's thread pool (4 threads by default), which file and DNS work share. At most
 * two hashes run at once, so a login flood queues here instead of starving the pool.
 */
export const DEFAULT_HASH_CONCURRENCY = 2;

export class Argon2PasswordHasher implements PasswordHasher {
  private readonly limit: ConcurrencyLimit;
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly params: { memoryCost: number; timeCost: number; parallelism: number } = OWASP_ARGON2ID,
    concurrency: number = DEFAULT_HASH_CONCURRENCY,
  ) {
    this.limit = new ConcurrencyLimit(concurrency);
  }

  hash(password: string): Promise<string> {
    return this.limit.run(() => argon2.hash(password, { type: argon2.argon2id, ...this.params }));
  }

  verify(passwordHash: string, password: string): Promise<boolean> {
    return this.limit.run(() => argon2.verify(passwordHash, password));
  }

  async verifyAgainstDummy(password: string): Promise<false> {
    // Same parameters as real hashes, so the unknown-account path costs one real verification.
    this.dummyHash ??= this.hash('brokerhub-dummy-password-that-matches-nothing');
    await this.verify(await this.dummyHash, `${password}\u0000`);
    return false;
  }
}
