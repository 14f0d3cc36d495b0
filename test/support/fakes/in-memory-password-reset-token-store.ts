import type { PasswordResetTokenStore, ResetTokenConsumption } from '../../../src/application/sales-identity/ports';

interface Row {
  readonly userId: string;
  readonly expiresAt: Date;
  usedAt?: Date;
}

export class InMemoryPasswordResetTokenStore implements PasswordResetTokenStore {
  private readonly rows = new Map<string, Row>();

  async save(token: { tokenHash: string; userId: string; expiresAt: Date; createdAt: Date }): Promise<void> {
    if (this.rows.has(token.tokenHash)) throw new Error('duplicate reset token');
    this.rows.set(token.tokenHash, { userId: token.userId, expiresAt: token.expiresAt });
  }

  async consume(tokenHash: string, now: Date): Promise<ResetTokenConsumption> {
    // Check and mark happen in one synchronous step, like the real conditional update.
    const row = this.rows.get(tokenHash);
    if (row === undefined) return { outcome: 'unknown' };
    if (row.usedAt !== undefined) return { outcome: 'already-used' };
    if (row.expiresAt.getTime() <= now.getTime()) return { outcome: 'expired' };
    row.usedAt = now;
    return { outcome: 'consumed', userId: row.userId };
  }
}
