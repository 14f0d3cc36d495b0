import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { SecretGenerator, SecretHasher } from '../../application/shared/ports';

export class CryptoSecretGenerator implements SecretGenerator {
  hex(bytes: number): string {
    return randomBytes(bytes).toString('hex');
  }

  uuid(): string {
    return randomUUID();
  }
}

/**
 * SHA-256 is enough for secrets with 122+ bits of entropy (API keys, tokens): nobody can brute-force
 * the preimage, and a fast hash keeps the per-request lookup cheap. Passwords use PasswordHasher.
 */
export class Sha256SecretHasher implements SecretHasher {
  hash(secret: string): string {
    return sha256Hex(secret);
  }
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Constant-time equality; inputs of different length are unequal at once (their length is not secret). */
export function constantTimeEqual(a: string | Buffer, b: string | Buffer): boolean {
  const left = typeof a === 'string' ? Buffer.from(a, 'utf8') : a;
  const right = typeof b === 'string' ? Buffer.from(b, 'utf8') : b;
  return left.length === right.length && timingSafeEqual(left, right);
}
