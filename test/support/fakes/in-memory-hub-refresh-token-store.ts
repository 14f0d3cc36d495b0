import type { HubRefreshTokenStore, RotationOutcome } from '../../../src/application/hub-identity/ports';
import type { RefreshTokenRecord } from '../../../src/domain/hub-identity/refresh-token';
import { NO_FAULTS, ProcessDied, type WriteFaults } from './write-faults';

/**
 * The fake of HubRefreshTokenStore for use-case tests. Each operation checks and writes in one
 * synchronous step after an await, so like the real store it is atomic per call; it passes the same
 * contract suite as MongoHubRefreshTokenStore.
 */
export class InMemoryHubRefreshTokenStore implements HubRefreshTokenStore {
  private readonly byId = new Map<string, RefreshTokenRecord>();
  private interleaved: (() => Promise<void>) | undefined;
  private cutAfter: number | undefined;

  constructor(private readonly faults: WriteFaults = NO_FAULTS) {}

  /**
   * Runs `operation` once, when the next `rotate` reaches the store and before it checks the token: a
   * concurrent request (another refresh, a logout) landing between a use case's read and its write.
   */
  interleaveBeforeNextRotate(operation: () => Promise<void>): void {
    this.interleaved = operation;
  }

  /**
   * The next revokeAllOfUser is cut part-way (CONTRACT 10.2): its updateMany is atomic per token only,
   * so it revokes `count` of the user's tokens, then the process dies (`faults` stays dead until revived).
   */
  dieAfterRevoking(count: number): void {
    this.cutAfter = count;
  }

  async create(record: RefreshTokenRecord): Promise<void> {
    await Promise.resolve();
    if ([...this.byId.values()].some((r) => r.tokenHash === record.tokenHash) || this.byId.has(record.id))
      throw new Error('duplicate token');
    this.faults.write('hub_refresh_tokens.insert');
    this.byId.set(record.id, record);
  }

  async findByHash(tokenHash: string): Promise<RefreshTokenRecord | undefined> {
    await Promise.resolve();
    return [...this.byId.values()].find((r) => r.tokenHash === tokenHash);
  }

  async findById(id: string): Promise<RefreshTokenRecord | undefined> {
    await Promise.resolve();
    return this.byId.get(id);
  }

  async rotate(presentedId: string, successor: RefreshTokenRecord, now: Date): Promise<RotationOutcome> {
    const interleaved = this.interleaved;
    this.interleaved = undefined;
    await interleaved?.();
    await Promise.resolve();
    const presented = this.byId.get(presentedId);
    if (presented === undefined || presented.revokedAt !== null || presented.expiresAt.getTime() <= now.getTime())
      return 'lost';
    this.byId.set(presentedId, { ...presented, revokedAt: now, replacedBy: successor.id });
    this.byId.set(successor.id, successor);
    return 'rotated';
  }

  /** Nothing to do: a rotation here completes in one step, so none is ever in flight when a replay is judged. */
  async contest(_presentedId: string, _now: Date): Promise<void> {
    await Promise.resolve();
  }

  async revoke(id: string, now: Date): Promise<void> {
    await Promise.resolve();
    const record = this.byId.get(id);
    if (record !== undefined && record.revokedAt === null) this.byId.set(id, { ...record, revokedAt: now });
  }

  async revokeAllOfUser(userId: string, now: Date): Promise<number> {
    await Promise.resolve();
    this.faults.write('hub_refresh_tokens.updateMany');
    const cutAfter = this.cutAfter;
    this.cutAfter = undefined;
    let count = 0;
    for (const record of this.byId.values()) {
      if (record.userId === userId && record.revokedAt === null) {
        if (count === cutAfter) {
          if (this.faults !== NO_FAULTS) {
            this.faults.dieAt(1);
            this.faults.write('hub_refresh_tokens.updateMany (the rest)');
          }
          throw new ProcessDied('hub_refresh_tokens.updateMany (the rest)');
        }
        this.byId.set(record.id, { ...record, revokedAt: now });
        count += 1;
      }
    }
    return count;
  }

  /** Tokens of the user that are neither revoked nor expired (tests check invariants over them). */
  async activeOfUser(userId: string, now: Date): Promise<readonly RefreshTokenRecord[]> {
    await Promise.resolve();
    return [...this.byId.values()].filter(
      (r) => r.userId === userId && r.revokedAt === null && r.expiresAt.getTime() > now.getTime(),
    );
  }

  /** Every record (tests check invariants over all of them). */
  all(): readonly RefreshTokenRecord[] {
    return [...this.byId.values()];
  }

  async familiesCreatedSince(userId: string, since: Date): Promise<readonly string[]> {
    await Promise.resolve();
    const records = [...this.byId.values()].filter(
      (r) => r.userId === userId && r.createdAt.getTime() >= since.getTime(),
    );
    return [...new Set(records.map((r) => r.familyId))];
  }
}
