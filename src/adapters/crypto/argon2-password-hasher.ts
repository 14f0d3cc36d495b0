import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import type { PasswordHasher } from '../../application/shared/ports';

/** OWASP's argon2id minimum: 19 MiB of memory, 2 iterations, 1 lane. */
export const OWASP_ARGON2ID = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const phcBase64 = (bytes: Buffer): string => bytes.toString('base64').replace(/=+$/, '');

/**
 * argon2id without any limit of its own: the composition wraps it in BoundedPasswordHasher
 * (CONTRACT 9.5), which decides how many run at once.
 */
export class Argon2PasswordHasher implements PasswordHasher {
  /**
   * A hash in the PHC format with the same parameters and lengths as real ones (16-byte salt, 32-byte
   * digest) but random bytes for both: it matches nothing, and verifying against it costs exactly one
   * real verification, from the first call on (no hashing to prepare it).
   */
  private readonly dummyHash: string;

  constructor(private readonly params: { memoryCost: number; timeCost: number; parallelism: number } = OWASP_ARGON2ID) {
    const { memoryCost: m, timeCost: t, parallelism: p } = params;
    this.dummyHash = `$argon2id$v=19$m=${m},p=${p},t=${t}$${phcBase64(randomBytes(16))}$${phcBase64(randomBytes(32))}`;
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id, ...this.params });
  }

  verify(passwordHash: string, password: string): Promise<boolean> {
    return argon2.verify(passwordHash, password);
  }

  /** Unbounded by itself: the bound is BoundedPasswordHasher's. */
  async checkCapacity(): Promise<void> {}

  async verifyAgainstDummy(password: string): Promise<false> {
    // Unknown accounts cost the same as a wrong password (CONTRACT 3.1); the result is never used.
    await argon2.verify(this.dummyHash, password);
    return false;
  }
}
