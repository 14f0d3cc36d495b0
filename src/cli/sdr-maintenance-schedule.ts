import { hostname } from 'node:os';
import type { Db } from 'mongodb';
import type { GatewayFollower } from '../application/sdr/read-models/gateway-follower';
import type { SdrReadModels } from '../application/sdr/read-models/sdr-read-models';
import { takeMaintenanceLease } from '../adapters/mongo/shared/maintenance-lease';
import type { Logger } from '../adapters/system/logger';

/** How often serve looks after the SDR read models (follow, settle the safety window, repair). */
export const SDR_MAINTENANCE_TICK_MS = 30_000;
/** A document a refresh claimed this long ago and never wrote is refreshed again. */
const DIRTY_AFTER_MS = 60_000;
const RECONCILE_LEASE_ID = 'sdr-reconcile';

export interface SdrMaintenanceOptions {
  readonly tickMs?: number;
  /** Between reconciling sweeps (SDR_RECONCILE_MINUTES). */
  readonly reconcileMs: number;
  readonly now?: () => Date;
}

/**
 * `serve` keeps the SDR read models (CONTRACT 10.1) without waiting for requests: at start-up and then
 * every tick it follows the gateway (the first time, the initial build of a database that has none),
 * re-reads the safety window (late inserts with an older position), refreshes documents a refresh
 * claimed and never wrote (a process killed half-way), and at most once per `reconcileMs` across every
 * instance (a lease in the database) rebuilds both models from their sources: what the gateway deleted
 * or changed in place is reconciled. A model rebuilt within the interval (the initial build, the
 * `rebuild-sdr-read-models` command) is not rebuilt again. `stop()` ends the schedule at once.
 */
export function startSdrMaintenance(
  db: Db,
  follower: GatewayFollower,
  models: SdrReadModels,
  logger: Logger,
  options: SdrMaintenanceOptions,
): { stop: () => Promise<void> } {
  const now = options.now ?? (() => new Date());
  const holder = `${hostname()}:${process.pid}`;
  let running: Promise<void> | undefined;
  let stopping = false;
  const round = async (): Promise<void> => {
    await follower.catchUp();
    if (stopping) return;
    await follower.settle();
    if (stopping) return;
    const repaired = await models.repairDirty(new Date(now().getTime() - DIRTY_AFTER_MS));
    if (repaired.chats + repaired.contacts > 0)
      logger.warn({ ...repaired }, 'SDR read models: documents left half-refreshed were refreshed again');
    if (stopping || !(await takeMaintenanceLease(db, RECONCILE_LEASE_ID, holder, now(), options.reconcileMs))) return;
    const builtAt = await follower.builtAt();
    if (builtAt !== null && now().getTime() - builtAt.getTime() < options.reconcileMs) return;
    const started = Date.now();
    const counts = await follower.rebuild();
    logger.info({ ...counts, ms: Date.now() - started }, 'SDR read models reconciled with their sources');
  };
  const tick = (): void => {
    if (running !== undefined || stopping) return;
    running = round()
      .catch((error: unknown) => {
        if (!stopping) logger.warn({ err: error }, 'SDR read-model maintenance failed; the next tick retries');
      })
      .finally(() => {
        running = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, options.tickMs ?? SDR_MAINTENANCE_TICK_MS);
  return {
    stop: async () => {
      stopping = true;
      clearInterval(timer);
      await running;
    },
  };
}
