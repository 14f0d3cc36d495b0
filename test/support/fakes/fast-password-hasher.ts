import { createHash } from 'node:crypto';
import type { PasswordHasher } from '../../../src/application/shared/ports';

const FORMAT = /^\$fast\$([0-9a-f]{8})\$([0-9a-f]{64})$/;

function digest(salt: string, password: string): string {
  return createHash('sha256').update(`${salt}\u0000${password}`, 'utf8').digest('hex');
}

/**
 * The fake PasswordHasher: salted SHA-256, microseconds instead of argon2's tens of milliseconds.
 * Fit for tests only. It counts its calls, so a test can check that an unknown account did the same
 * verification work as a wrong password. Passes the PasswordHasher contract with Argon2PasswordHasher.
 */
export class FastPasswordHasher implements PasswordHasher {
  private salts = 0;
  readonly calls = { hash: 0, verify: 0, verifyAgainstDummy: 0 };

  async hash(password: string): Promise<string> {
    this.calls.hash += 1;
    this.salts += 1;
    const salt = this.salts.toString(16).padStart(8, '0');
    return `$fast$${salt}$${digest(salt, password)}`;
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    this.calls.verify += 1;
    const match = FORMAT.exec(passwordHash);
    // Like argon2: a string that is not a hash of this scheme is a fault, not a mismatch.
    if (match === null) throw new Error('not a FastPasswordHasher hash');
    return digest(match[1] as string, password) === match[2];
  }

  /** Never saturated. */
  async checkCapacity(): Promise<void> {}

  async verifyAgainstDummy(password: string): Promise<false> {
    this.calls.verifyAgainstDummy += 1;
    digest('00000000', `${password}\u0000`);
    return false;
  }
}
