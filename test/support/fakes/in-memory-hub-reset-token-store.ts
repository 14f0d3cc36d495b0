import type {
  HubResetConsumption,
  HubResetTokenRecord,
  HubResetTokenStore,
} from '../../../src/application/hub-identity/ports';
import type { PendingPasswordReset } from '../../../src/application/shared/password-reset-completion';
import { NO_FAULTS, type WriteFaults } from './write-faults';

interface Row extends HubResetTokenRecord {
  /** Stored by the consume, forgotten by markApplied: the reset still to complete. */
  readonly newPasswordHash?: string;
}

const pendingOf = (row: Row): PendingPasswordReset | undefined =>
  row.usedAt !== null && row.newPasswordHash !== undefined
    ? { tokenHash: row.tokenHash, userId: row.userId, passwordHash: row.newPasswordHash, usedAt: row.usedAt }
    : undefined;

/**
 * The fake of HubResetTokenStore; passes the contract suite MongoHubResetTokenStore passes, crash consistency included.
 */
export class InMemoryHubResetTokenStore implements HubResetTokenStore {
  private readonly byHash = new Map<string, Row>();

  constructor(private readonly faults: WriteFaults = NO_FAULTS) {}

  async create(record: HubResetTokenRecord): Promise<void> {
    await Promise.resolve();
    if (this.byHash.has(record.tokenHash)) throw new Error('duplicate reset token');
    this.faults.write('hub_reset_tokens.insert');
    this.byHash.set(record.tokenHash, { ...record });
  }

  async consume(tokenHash: string, passwordHash: string, now: Date): Promise<HubResetConsumption> {
    await Promise.resolve();
    // Check and mark in one step, so of concurrent consumptions exactly one wins (as the conditional update).
    const record = this.byHash.get(tokenHash);
    if (record === undefined) return { kind: 'invalid' };
    if (record.usedAt !== null) {
      const pending = pendingOf(record);
      return pending === undefined ? { kind: 'already-used' } : { kind: 'pending', reset: pending };
    }
    if (record.expiresAt.getTime() <= now.getTime()) return { kind: 'invalid' };
    this.faults.write('hub_reset_tokens.updateOne');
    this.byHash.set(tokenHash, { ...record, usedAt: now, newPasswordHash: passwordHash });
    return { kind: 'consumed', userId: record.userId };
  }

  async markApplied(tokenHash: string): Promise<void> {
    await Promise.resolve();
    this.faults.write('hub_reset_tokens.updateOne');
    const record = this.byHash.get(tokenHash);
    if (record !== undefined)
      this.byHash.set(tokenHash, {
        tokenHash: record.tokenHash,
        userId: record.userId,
        expiresAt: record.expiresAt,
        usedAt: record.usedAt,
      });
  }

  async pending(usedBefore: Date, limit: number, from?: Date): Promise<readonly PendingPasswordReset[]> {
    await Promise.resolve();
    return [...this.byHash.values()]
      .flatMap((row) => pendingOf(row) ?? [])
      .filter(
        (reset) =>
          reset.usedAt.getTime() <= usedBefore.getTime() &&
          (from === undefined || reset.usedAt.getTime() >= from.getTime()),
      )
      .sort((a, b) => a.usedAt.getTime() - b.usedAt.getTime())
      .slice(0, limit);
  }

  /** Every stored record (tests check that only a hash is stored). */
  all(): readonly HubResetTokenRecord[] {
    return [...this.byHash.values()].map(({ tokenHash, userId, expiresAt, usedAt }) => ({
      tokenHash,
      userId,
      expiresAt,
      usedAt,
    }));
  }
}
