import type { FollowerPosition, FollowerStateStore } from '../../../src/application/sdr/read-model-ports';

interface FollowerDocument {
  head: string | null;
  settled: string | null;
  builtAt: Date | null;
  holder: string | null;
  leaseUntil: Date | null;
}

/**
 * The follower's state in memory, with the lease rules of MongoFollowerState: the lease is taken when
 * the document is absent, free, held by the same holder or run out (`leaseUntil <= now`); saving and
 * releasing need the lease. Each method decides without an await in between, as one conditional write.
 */
export class InMemoryFollowerState implements FollowerStateStore {
  private doc: FollowerDocument | undefined;

  async read(): Promise<FollowerPosition | undefined> {
    if (this.doc === undefined) return undefined;
    const { head, settled, builtAt } = this.doc;
    return { head, settled, builtAt: builtAt === null ? null : new Date(builtAt) };
  }

  async lease(holder: string, now: Date, ttlMs: number): Promise<boolean> {
    const until = new Date(now.getTime() + ttlMs);
    if (this.doc === undefined) {
      this.doc = { head: null, settled: null, builtAt: null, holder, leaseUntil: until };
      return true;
    }
    const free =
      this.doc.holder === holder ||
      this.doc.holder === null ||
      (this.doc.leaseUntil !== null && this.doc.leaseUntil <= now);
    if (!free) return false;
    this.doc.holder = holder;
    this.doc.leaseUntil = until;
    return true;
  }

  async save(holder: string, fields: Partial<FollowerPosition>): Promise<boolean> {
    if (this.doc === undefined || this.doc.holder !== holder) return false;
    // As the driver serializes an undefined member of `$set`: null.
    if ('head' in fields) this.doc.head = fields.head ?? null;
    if ('settled' in fields) this.doc.settled = fields.settled ?? null;
    if ('builtAt' in fields)
      this.doc.builtAt = fields.builtAt === undefined || fields.builtAt === null ? null : new Date(fields.builtAt);
    return true;
  }

  async release(holder: string): Promise<void> {
    if (this.doc === undefined || this.doc.holder !== holder) return;
    this.doc.holder = null;
    this.doc.leaseUntil = null;
  }
}
