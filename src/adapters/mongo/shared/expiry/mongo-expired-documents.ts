import type { Db } from 'mongodb';
import type { ExpiredDocumentSweep, ExpiredDocuments } from '../../../../application/shared/expired-documents';
import type { CollectionIndexes } from '../collection-indexes';
import {
  detectTtlMonitor,
  ExpiredDocumentSweeper,
  SWEEP_INTERVAL_MS,
  ttlRulesOf,
  type TtlMonitorDetection,
} from './expired-document-sweeper';

/** Retention of the TTL indexes of `indexes` in `db`, for a server without a TTL monitor (CONTRACT 9.4). */
export class MongoExpiredDocuments implements ExpiredDocuments {
  constructor(
    private readonly db: Db,
    private readonly indexes: readonly CollectionIndexes[],
    private readonly detect: TtlMonitorDetection = detectTtlMonitor,
  ) {}

  serverRemovesThem(): Promise<boolean> {
    return this.detect(this.db);
  }

  sweep(options: {
    readonly now: () => Date;
    readonly holder: string;
    readonly intervalMs?: number;
  }): ExpiredDocumentSweep {
    const rules = ttlRulesOf(this.indexes);
    const intervalMs = options.intervalMs ?? SWEEP_INTERVAL_MS;
    const sweeper = new ExpiredDocumentSweeper(this.db, rules, { ...options, intervalMs });
    return { rules: rules.length, intervalMs, sweepOnce: (stopped) => sweeper.sweepOnce(stopped) };
  }
}
