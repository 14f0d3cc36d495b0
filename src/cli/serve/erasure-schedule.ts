import type { CompletePendingErasures } from '../../application/privacy/run-erasure';
import type { Logger } from '../../adapters/system/logger';
import { startPeriodicTask, type RunningSchedule } from '../schedule/periodic-task';

/** How often serve finishes the erasures a stopped process left pending (CONTRACT 12.4, 10.2). */
export const ERASURE_TICK_MS = 60_000;

export interface ErasureScheduleOptions {
  readonly tickMs?: number;
}

/**
 * `serve` finishes, at start-up and then every tick, every erasure answered 202 and not done (its process was
 * killed, or its run failed): each step is idempotent, so a run repeated by several instances at once only
 * finds less left to do (CONTRACT 12.4: the next start, tick or `privacy erase` completes it).
 */
export function startErasureCompletion(
  completion: Pick<CompletePendingErasures, 'execute'>,
  logger: Logger,
  options: ErasureScheduleOptions = {},
): RunningSchedule {
  return startPeriodicTask({
    intervalMs: options.tickMs ?? ERASURE_TICK_MS,
    atStart: true,
    round: async () => {
      const completed = await completion.execute();
      if (completed > 0) logger.warn({ completed }, 'pending erasures were completed');
    },
    onError: (error, stopping) => {
      if (!stopping) logger.warn({ err: error }, 'erasure completion failed; the next tick retries');
    },
  });
}
