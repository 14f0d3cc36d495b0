import type { SecretGenerator } from '../../../src/application/shared/ports';
import { sequentialUuid } from './sequential-id-generator';

/**
 * The fake SecretGenerator: predictable secrets of the real shapes (lower-case hex of the asked
 * length, UUID v4), each one new. `issued` lists them in order, so a test can name the token a use
 * case handed out without reading it from a mail or a cookie.
 */
export class SequentialSecretGenerator implements SecretGenerator {
  private count = 0;
  readonly issued: string[] = [];

  constructor(private readonly namespace: number = 0x5e) {}

  hex(bytes: number): string {
    this.count += 1;
    const digits = `${this.namespace.toString(16)}${this.count.toString(16).padStart(8, '0')}`.padStart(bytes * 2, '0');
    return this.issue(digits.slice(digits.length - bytes * 2));
  }

  uuid(): string {
    this.count += 1;
    return this.issue(sequentialUuid(this.namespace, this.count));
  }

  private issue(secret: string): string {
    this.issued.push(secret);
    return secret;
  }
}
