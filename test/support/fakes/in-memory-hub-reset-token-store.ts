import type { HubResetConsumption, HubResetTokenRecord, HubResetTokenStore } from '../../../src/application/hub-identity/ports';

/** The fake of HubResetTokenStore; passes the contract suite MongoHubResetTokenStore passes. */
export class InMemoryHubResetTokenStore implements HubResetTokenStore {
  private readonly byHash = new Map<string, HubResetTokenRecord>();

  async create(record: HubResetTokenRecord): Promise<void> {
    await Promise.resolve();
    if (this.byHash.has(record.tokenHash)) throw new Error('duplicate reset token');
    this.byHash.set(record.tokenHash, { ...record });
  }

  async consume(tokenHash: string, now: Date): Promise<HubResetConsumption> {
    await Promise.resolve();
    // Check and mark in one step, so of concurrent consumptions exactly one wins (as the conditional update).
    const record = this.byHash.get(tokenHash);
    if (record === undefined) return { kind: 'invalid' };
    if (record.usedAt !== null) return { kind: 'already-used' };
    if (record.expiresAt.getTime() <= now.getTime()) return { kind: 'invalid' };
    this.byHash.set(tokenHash, { ...record, usedAt: now });
    return { kind: 'consumed', userId: record.userId };
  }

  /** Every stored record (tests check that only a hash is stored). */
  all(): readonly HubResetTokenRecord[] {
    return [...this.byHash.values()];
  }
}
