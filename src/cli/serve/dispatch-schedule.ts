import * as E from 'fp-ts/Either';
import type { DispatchPendingSales } from '../../application/sales/dispatch-pending-sales';
import type { Logger } from '../../adapters/system/logger';
import { startPeriodicTask, type RunningSchedule } from '../schedule/periodic-task';

/**
 * `DISPATCH_INTERVAL_SECONDS` (CONTRACT 7): `serve` runs a dispatch pass every N seconds. A pass still
 * running when the next tick comes is not doubled (leases would keep them apart anyway, but one
 * process has no reason to compete with itself). `stop()` waits for the running pass.
 */
export function scheduleDispatch(
  dispatch: DispatchPendingSales,
  intervalSeconds: number,
  logger: Logger,
): RunningSchedule {
  return startPeriodicTask({
    intervalMs: intervalSeconds * 1000,
    round: async () => {
      const result = await dispatch.execute();
      if (E.isLeft(result)) logger.warn('scheduled dispatch: SALES_WEBHOOK_URL is not configured, nothing sent');
      else if (result.right.claimed > 0) logger.info({ dispatch: { ...result.right } }, 'scheduled dispatch pass');
    },
    onError: (error) => logger.error({ err: error }, 'scheduled dispatch pass failed; the next tick retries'),
  });
}
