import type { MaintenanceLease } from '../../shared/maintenance-lease';
import type { GatewayFollower } from './gateway-follower';
import type { RebuildSdrReadModels } from './rebuild-sdr-read-models';
import type { RefreshCounts, SdrReadModels } from './sdr-read-models';

/** A document a refresh claimed this long ago and never wrote is refreshed again. */
const DIRTY_AFTER_MS = 60_000;

/** What a round did that an operator should hear of. */
export interface SdrMaintenanceReport {
  /** Documents left half-refreshed (a process killed half-way) were refreshed again. */
  repaired(counts: RefreshCounts): void;
  /** The reconciling sweep rebuilt both models, in `ms`. */
  reconciled(counts: RefreshCounts, ms: number): void;
}

export interface SdrMaintenanceOptions {
  /** The lease of the reconciling sweep (one per gateway store: each store's models are swept). */
  readonly leaseId: string;
  /** Names this instance in the lease. */
  readonly holder: string;
  /** Real time (leases follow the clocks of every copy, not a test's clock). */
  readonly now: () => Date;
}

/**
 * One round of `serve`'s upkeep of the SDR read models (CONTRACT 10.1): follow the gateway (the first
 * time, the initial build of a store that has none), re-read the safety window (late inserts with an
 * older position), refresh documents a refresh claimed and never wrote, and at most once per
 * `reconcileMs` across every instance (MaintenanceLease) rebuild both models from their sources, so
 * what the gateway deleted or changed in place is reconciled. A model rebuilt within the interval (the
 * initial build, `rebuild-sdr-read-models`) is not rebuilt again.
 */
export class MaintainSdrReadModels {
  private readonly now: () => Date;

  constructor(
    private readonly follower: Pick<GatewayFollower, 'catchUp' | 'settle' | 'builtAt'>,
    private readonly models: Pick<SdrReadModels, 'repairDirty'>,
    private readonly rebuild: Pick<RebuildSdrReadModels, 'execute'>,
    private readonly lease: MaintenanceLease,
    private readonly report: SdrMaintenanceReport,
    private readonly options: SdrMaintenanceOptions,
  ) {
    this.now = options.now;
  }

  /** One round; `stopping` is asked between the steps (a stopping server does no further step). */
  async execute(input: { readonly reconcileMs: number; readonly stopping: () => boolean }): Promise<void> {
    await this.follower.catchUp();
    if (input.stopping()) return;
    await this.settle();
    if (input.stopping()) return;
    await this.repair(new Date(this.now().getTime() - DIRTY_AFTER_MS));
    if (input.stopping()) return;
    if (!(await this.lease.take(this.options.leaseId, this.options.holder, this.now(), input.reconcileMs))) return;
    const builtAt = await this.follower.builtAt();
    if (builtAt !== null && this.now().getTime() - builtAt.getTime() < input.reconcileMs) return;
    const started = this.now().getTime();
    const counts = await this.rebuild.execute();
    this.report.reconciled(counts, this.now().getTime() - started);
  }

  /** The safety window re-read (GatewayFollower.settle); false when another instance holds the lease. */
  settle(): Promise<boolean> {
    return this.follower.settle();
  }

  /** Documents claimed before `before` and never written, refreshed again. */
  async repair(before: Date): Promise<RefreshCounts> {
    const repaired = await this.models.repairDirty(before);
    if (repaired.chats + repaired.contacts > 0) this.report.repaired(repaired);
    return repaired;
  }
}
