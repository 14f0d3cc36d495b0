import { hostname } from 'node:os';
import type { ExpiredDocuments } from '../../application/shared/expired-documents';
import type { Logger } from '../../adapters/system/logger';
import { startPeriodicTask, type RunningSchedule } from '../schedule/periodic-task';

export interface RetentionOptions {
  /** Whether the server removes expired documents itself (default: ask it, ExpiredDocuments.serverRemovesThem). */
  readonly detect?: () => Promise<boolean>;
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
  expired: ExpiredDocuments,
  logger: Logger,
  options: RetentionOptions & { readonly now: () => Date },
): Promise<RunningSchedule | undefined> {
  if (await (options.detect ?? (() => expired.serverRemovesThem()))()) {
    logger.debug('the database removes expired documents itself (TTL monitor)');
    return undefined;
  }
  const sweep = expired.sweep({
    now: options.now,
    holder: `${hostname()}:${process.pid}`,
    ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }),
  });
  const { intervalMs } = sweep;
  logger.info(
    { rules: sweep.rules, intervalMs },
    "the database does not remove expired documents (no TTL monitor): this service deletes them, the TTL indexes' " +
      'fields and periods',
  );
  return startPeriodicTask({
    intervalMs,
    atStart: true,
    round: async (stopping) => {
      const outcome = await sweep.sweepOnce(stopping);
      if (outcome.swept && Object.keys(outcome.deleted).length > 0)
        logger.info({ deleted: outcome.deleted }, 'expired documents deleted');
    },
    onError: (error, stopping) => {
      if (!stopping) logger.warn({ err: error }, 'expired-document sweep failed; the next one retries');
    },
  });
}
