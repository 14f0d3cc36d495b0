import { hostname } from 'node:os';
import type { Db } from 'mongodb';
import type { CollectionIndexes } from '../adapters/mongo/shared/collection-indexes';
import {
  detectTtlMonitor,
  ExpiredDocumentSweeper,
  SWEEP_INTERVAL_MS,
  ttlRulesOf,
  type TtlMonitorDetection,
} from '../adapters/mongo/shared/expired-document-sweeper';
import type { Logger } from '../adapters/system/logger';

export interface RetentionOptions {
  /** Whether the server removes expired documents itself (default: ask it, detectTtlMonitor). */
  readonly detect?: TtlMonitorDetection;
  readonly intervalMs?: number;
  readonly now?: () => Date;
}

/**
 * `serve` on a server without a TTL monitor (the embedded jongodb) deletes what the TTL indexes would
 * have removed: a sweep at start-up, then one a minute (expired-document-sweeper.ts; the lease in the
 * database keeps every instance together to one sweep a minute). On a server that honours TTL indexes
 * nothing is started. `stop()` ends the schedule at once: a running sweep stops before its next
 * command, and the promise it answers settles when that sweep has (callers may leave it: closing the
 * connection ends a command in flight, and the sweep says nothing about it).
 */
export async function startRetention(
  db: Db,
  indexes: readonly CollectionIndexes[],
  logger: Logger,
  options: RetentionOptions = {},
): Promise<{ stop: () => Promise<void> } | undefined> {
  if (await (options.detect ?? detectTtlMonitor)(db)) {
    logger.debug('the database removes expired documents itself (TTL monitor)');
    return undefined;
  }
  const rules = ttlRulesOf(indexes);
  const intervalMs = options.intervalMs ?? SWEEP_INTERVAL_MS;
  const sweeper = new ExpiredDocumentSweeper(db, rules, {
    now: options.now ?? (() => new Date()),
    holder: `${hostname()}:${process.pid}`,
    intervalMs,
  });
  logger.info(
    { rules: rules.length, intervalMs },
    "the database does not remove expired documents (no TTL monitor): this service deletes them, the TTL indexes' fields and periods",
  );
  let running: Promise<void> | undefined;
  let stopping = false;
  const tick = (): void => {
    if (running !== undefined || stopping) return;
    running = (async () => {
      try {
        const outcome = await sweeper.sweepOnce(() => stopping);
        if (outcome.swept && Object.keys(outcome.deleted).length > 0)
          logger.info({ deleted: outcome.deleted }, 'expired documents deleted');
      } catch (error) {
        if (!stopping) logger.warn({ err: error }, 'expired-document sweep failed; the next one retries');
      } finally {
        running = undefined;
      }
    })();
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  return {
    stop: async () => {
      stopping = true;
      clearInterval(timer);
      await running;
    },
  };
}
