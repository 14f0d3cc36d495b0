import { randomBytes } from 'node:crypto';
import { Algorithm, hash, verify } from '@node-rs/argon2';
import type { PasswordHasher } from '../../application/shared/ports';

export interface Argon2Params {
  /** KiB. */
  readonly memoryCost: number;
  readonly timeCost: number;
  readonly parallelism: number;
}

/** OWASP's argon2id minimum: 19 MiB of memory, 2 iterations, 1 lane. */
export const OWASP_ARGON2ID: Argon2Params = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

const phcBase64 = (bytes: Buffer): string => bytes.toString('base64').replace(/=+$/, '');

/**
 * argon2id on libuv's thread pool, without any limit of its own. The service composes
 * ThreadedArgon2PasswordHasher (its own low-priority threads) behind BoundedPasswordHasher; this one
 * serves where priority does not matter (tests with cheap parameters). Both write standard PHC strings.
 */
export class Argon2PasswordHasher implements PasswordHasher {
  /**
   * A hash in the PHC format with the same parameters and lengths as real ones (16-byte salt, 32-byte
   * digest) but random bytes for both: it matches nothing, and verifying against it costs exactly one
   * real verification, from the first call on (no hashing to prepare it).
   */
  readonly dummyHash: string;

  constructor(private readonly params: Argon2Params = OWASP_ARGON2ID) {
    const { memoryCost: m, timeCost: t, parallelism: p } = params;
    this.dummyHash = `$argon2id$v=19$m=${m},t=${t},p=${p}$${phcBase64(randomBytes(16))}$${phcBase64(randomBytes(32))}`;
  }

  hash(password: string): Promise<string> {
    return hash(password, { algorithm: Algorithm.Argon2id, ...this.params });
  }

  verify(passwordHash: string, password: string): Promise<boolean> {
    return verify(passwordHash, password);
  }

  /** Unbounded by itself: the bound is BoundedPasswordHasher's. */
  async checkCapacity(): Promise<void> {}

  async verifyAgainstDummy(password: string): Promise<false> {
    // Unknown accounts cost the same as a wrong password (CONTRACT 3.1); the result is never used.
    await verify(this.dummyHash, password);
    return false;
  }
}
