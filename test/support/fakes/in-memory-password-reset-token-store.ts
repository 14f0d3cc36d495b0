import type { PasswordResetTokenStore, ResetTokenConsumption } from '../../../src/application/sales-identity/ports';
import type { PendingPasswordReset } from '../../../src/application/shared/password-reset-completion';
import { NO_FAULTS, type WriteFaults } from './write-faults';

interface Row {
  readonly tokenHash: string;
  readonly userId: string;
  readonly expiresAt: Date;
  usedAt?: Date;
  /** Stored by the consume, forgotten by markApplied: the reset still to complete. */
  newPasswordHash?: string;
}

const pendingOf = (row: Row): PendingPasswordReset | undefined =>
  row.usedAt !== undefined && row.newPasswordHash !== undefined
    ? { tokenHash: row.tokenHash, userId: row.userId, passwordHash: row.newPasswordHash, usedAt: row.usedAt }
    : undefined;

/**
 * The fake of PasswordResetTokenStore; passes the contract suite MongoPasswordResetTokenStore passes, crash consistency
 * included.
 */
export class InMemoryPasswordResetTokenStore implements PasswordResetTokenStore {
  private readonly rows = new Map<string, Row>();

  constructor(private readonly faults: WriteFaults = NO_FAULTS) {}

  async save(token: { tokenHash: string; userId: string; expiresAt: Date; createdAt: Date }): Promise<void> {
    if (this.rows.has(token.tokenHash)) throw new Error('duplicate reset token');
    this.faults.write('sales_password_reset_tokens.insert');
    this.rows.set(token.tokenHash, { tokenHash: token.tokenHash, userId: token.userId, expiresAt: token.expiresAt });
  }

  async consume(tokenHash: string, passwordHash: string, now: Date): Promise<ResetTokenConsumption> {
    // Check and mark happen in one synchronous step, like the real conditional update.
    const row = this.rows.get(tokenHash);
    if (row === undefined) return { outcome: 'unknown' };
    if (row.usedAt !== undefined) {
      const pending = pendingOf(row);
      return pending === undefined ? { outcome: 'already-used' } : { outcome: 'pending', reset: pending };
    }
    if (row.expiresAt.getTime() <= now.getTime()) return { outcome: 'expired' };
    this.faults.write('sales_password_reset_tokens.findOneAndUpdate');
    row.usedAt = now;
    row.newPasswordHash = passwordHash;
    return { outcome: 'consumed', userId: row.userId };
  }

  async markApplied(tokenHash: string): Promise<void> {
    this.faults.write('sales_password_reset_tokens.updateOne');
    const row = this.rows.get(tokenHash);
    if (row !== undefined) delete row.newPasswordHash;
  }

  async pending(usedBefore: Date, limit: number, from?: Date): Promise<readonly PendingPasswordReset[]> {
    return [...this.rows.values()]
      .flatMap((row) => pendingOf(row) ?? [])
      .filter(
        (reset) =>
          reset.usedAt.getTime() <= usedBefore.getTime() &&
          (from === undefined || reset.usedAt.getTime() >= from.getTime()),
      )
      .sort((a, b) => a.usedAt.getTime() - b.usedAt.getTime())
      .slice(0, limit);
  }
}
