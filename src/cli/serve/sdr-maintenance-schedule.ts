import type { MaintainSdrReadModels } from '../../application/sdr/read-models/maintain-sdr-read-models';
import type { Logger } from '../../adapters/system/logger';
import { startPeriodicTask, type RunningSchedule } from '../schedule/periodic-task';

/** How often serve looks after the SDR read models (follow, settle the safety window, repair). */
export const SDR_MAINTENANCE_TICK_MS = 30_000;

export interface SdrMaintenanceOptions {
  readonly tickMs?: number;
  /** Between reconciling sweeps (SDR_RECONCILE_MINUTES). */
  readonly reconcileMs: number;
}

/**
 * `serve` keeps the SDR read models (CONTRACT 10.1) without waiting for requests: a round of
 * MaintainSdrReadModels at start-up and then every tick, one at a time. `stop()` ends the schedule at
 * once (the round under way does no further step).
 */
export function startSdrMaintenance(
  maintain: Pick<MaintainSdrReadModels, 'execute'>,
  logger: Logger,
  options: SdrMaintenanceOptions,
): RunningSchedule {
  return startPeriodicTask({
    intervalMs: options.tickMs ?? SDR_MAINTENANCE_TICK_MS,
    atStart: true,
    round: (stopping) => maintain.execute({ reconcileMs: options.reconcileMs, stopping }),
    onError: (error, stopping) => {
      if (!stopping) logger.warn({ err: error }, 'SDR read-model maintenance failed; the next tick retries');
    },
  });
}
