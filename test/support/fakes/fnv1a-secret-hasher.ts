import type { SecretHasher } from '../../../src/application/shared/ports';

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const U64 = 0xffffffffffffffffn;

/**
 * The fake SecretHasher: FNV-1a 64 as 16 hex characters. Deterministic, fixed length and never the
 * secret itself, which is all a use case may rely on; not one-way against an attacker, so tests only.
 * Passes the SecretHasher contract with Sha256SecretHasher.
 */
export class Fnv1aSecretHasher implements SecretHasher {
  hash(secret: string): string {
    let hash = FNV_OFFSET;
    for (const byte of Buffer.from(secret, 'utf8')) hash = ((hash ^ BigInt(byte)) * FNV_PRIME) & U64;
    return hash.toString(16).padStart(16, '0');
  }
}
