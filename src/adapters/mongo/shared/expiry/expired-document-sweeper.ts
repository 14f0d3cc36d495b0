import { MongoServerError, type Db } from 'mongodb';
import type { SweepOutcome } from '../../../../application/shared/expired-documents';
import type { CollectionIndexes } from '../collection-indexes';
import { MAINTENANCE_LEASES, takeMaintenanceLease } from '../maintenance-lease';

/**
 * Retention where the server has no TTL monitor (CONTRACT 9.4, docs/decisions.md "Data retention").
 * The periods are the TTL indexes' own (`expireAfterSeconds` on one Date field, declared in the
 * `<thing>-collection.ts` files); mongod removes a document about a minute after `field + period`.
 * The embedded jongodb accepts those indexes and never removes anything, so there the service does it:
 * the same fields, the same periods, in bounded batches, at most once a minute across every instance
 * (a lease document in the database, not process memory).
 */

/** Whether the connected server removes documents past their TTL itself. */
export type TtlMonitorDetection = (db: Db) => Promise<boolean>;

/** What a server without the parameter answers: jongodb says BadValue ("no option found to get"). */
const NO_SUCH_PARAMETER = new Set([14 /* BadValue */, 59 /* CommandNotFound */]);

/**
 * A mongod reports its TTL monitor through `getParameter` (`ttlMonitorEnabled`, true unless an operator
 * turned it off). jongodb knows no such parameter (it answers BadValue) and has no monitor. Any other
 * refusal (Unauthorized for this user, a hosted cluster that allows only some parameters) comes from a
 * mongod, which runs its monitor by default: nothing changes on it.
 */
export const detectTtlMonitor: TtlMonitorDetection = async (db) => {
  try {
    const answer = await db.admin().command({ getParameter: 1, ttlMonitorEnabled: 1 });
    return answer.ttlMonitorEnabled !== false;
  } catch (error) {
    if (error instanceof MongoServerError)
      return !(typeof error.code === 'number' && NO_SUCH_PARAMETER.has(error.code));
    throw error;
  }
};

/** One TTL rule: documents of `collection` whose `field` is a Date older than `seconds` go. */
export interface TtlRule {
  readonly collection: string;
  readonly field: string;
  readonly seconds: number;
}

/** The TTL indexes among the declarations, as rules (a TTL index has exactly one field). */
export function ttlRulesOf(indexes: readonly CollectionIndexes[]): TtlRule[] {
  return indexes.flatMap(({ collection, indexes: declared }) =>
    declared.flatMap((index) => {
      const fields = Object.keys(index.key);
      return index.expireAfterSeconds === undefined || fields.length !== 1
        ? []
        : [{ collection, field: fields[0] as string, seconds: index.expireAfterSeconds }];
    }),
  );
}

export { MAINTENANCE_LEASES };
const SWEEP_LEASE_ID = 'expired-documents';

export const SWEEP_INTERVAL_MS = 60_000;
/** Documents read and deleted per command. */
export const SWEEP_BATCH = 500;
/** Batches per rule in one sweep; what is left goes on the next sweep, a minute later. */
export const SWEEP_MAX_BATCHES = 20;

export interface ExpiredDocumentSweeperOptions {
  readonly now: () => Date;
  /** Names this instance in the lease document (diagnostics). */
  readonly holder: string;
  readonly batchSize?: number;
  readonly maxBatches?: number;
  readonly intervalMs?: number;
}

export type { SweepOutcome };

export class ExpiredDocumentSweeper {
  private readonly batchSize: number;
  private readonly maxBatches: number;
  private readonly intervalMs: number;

  constructor(
    private readonly db: Db,
    private readonly rules: readonly TtlRule[],
    private readonly options: ExpiredDocumentSweeperOptions,
  ) {
    this.batchSize = options.batchSize ?? SWEEP_BATCH;
    this.maxBatches = options.maxBatches ?? SWEEP_MAX_BATCHES;
    this.intervalMs = options.intervalMs ?? SWEEP_INTERVAL_MS;
  }

  /**
   * One sweep, when the lease says no instance swept within the interval. `stopped` is asked before
   * every command: a sweep cut short (shutdown) is harmless, the next one goes on where it stopped.
   */
  async sweepOnce(stopped: () => boolean = () => false): Promise<SweepOutcome> {
    const now = this.options.now();
    if (!(await this.takeLease(now))) return { swept: false };
    const deleted: Record<string, number> = {};
    for (const rule of this.rules) {
      if (stopped()) break;
      const count = await this.sweepRule(rule, new Date(now.getTime() - rule.seconds * 1000), stopped);
      if (count > 0) deleted[`${rule.collection}.${rule.field}`] = count;
    }
    return { swept: true, deleted };
  }

  private takeLease(now: Date): Promise<boolean> {
    return takeMaintenanceLease(this.db, SWEEP_LEASE_ID, this.options.holder, now, this.intervalMs);
  }

  /**
   * `$lt` a Date matches Date values only (BSON type order), as the TTL monitor ignores other types.
   * Ids first, then a delete of those ids that still match: each command stays small, and the read is
   * served by the TTL index itself.
   */
  private async sweepRule(rule: TtlRule, cutoff: Date, stopped: () => boolean): Promise<number> {
    const collection = this.db.collection(rule.collection);
    const expired = { [rule.field]: { $lt: cutoff } };
    let deleted = 0;
    for (let batch = 0; batch < this.maxBatches && !stopped(); batch += 1) {
      const ids = (await collection.find(expired, { projection: { _id: 1 }, limit: this.batchSize }).toArray()).map(
        (doc) => doc._id as unknown,
      );
      if (ids.length === 0) break;
      deleted += (await collection.deleteMany({ _id: { $in: ids as never[] }, ...expired })).deletedCount;
      if (ids.length < this.batchSize) break;
    }
    return deleted;
  }
}
