import type { SalesRefreshTokenStore, StoredRefreshToken } from '../../../src/application/sales-identity/ports';
import { NO_FAULTS, type WriteFaults } from './write-faults';

interface Row extends StoredRefreshToken {
  revokedAt?: Date;
}

export class InMemorySalesRefreshTokenStore implements SalesRefreshTokenStore {
  private readonly rows = new Map<string, Row>();

  constructor(private readonly faults: WriteFaults = NO_FAULTS) {}

  async save(token: StoredRefreshToken & { readonly createdAt: Date }): Promise<void> {
    if (this.rows.has(token.tokenHash)) throw new Error('duplicate refresh token');
    this.faults.write('sales_refresh_tokens.insert');
    this.rows.set(token.tokenHash, { tokenHash: token.tokenHash, userId: token.userId, expiresAt: token.expiresAt });
  }

  async findActive(tokenHash: string, now: Date): Promise<StoredRefreshToken | undefined> {
    const row = this.rows.get(tokenHash);
    if (row === undefined || row.revokedAt !== undefined || row.expiresAt.getTime() <= now.getTime()) return undefined;
    return { tokenHash: row.tokenHash, userId: row.userId, expiresAt: row.expiresAt };
  }

  async revoke(tokenHash: string, at: Date): Promise<void> {
    this.faults.write('sales_refresh_tokens.updateOne');
    const row = this.rows.get(tokenHash);
    if (row !== undefined) row.revokedAt ??= at;
  }

  async revokeAllOfUser(userId: string, at: Date): Promise<void> {
    this.faults.write('sales_refresh_tokens.updateMany');
    for (const row of this.rows.values()) if (row.userId === userId) row.revokedAt ??= at;
  }

  async usableSince(userId: string, since: Date): Promise<readonly string[]> {
    return [...this.rows.values()]
      .filter((row) => row.userId === userId && row.expiresAt.getTime() > since.getTime())
      .filter((row) => row.revokedAt === undefined || row.revokedAt.getTime() >= since.getTime())
      .map((row) => row.tokenHash);
  }
}
