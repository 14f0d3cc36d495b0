import type { Erasure } from '../../domain/privacy/erasure';
import type { Clock } from '../shared/ports';
import type { ErasureContext, ErasureStep, ErasureStore } from './ports';

export interface ErasureProgress {
  (store: string, index: number, total: number): void;
}

/**
 * Runs one erasure to its end (CONTRACT 12.4, 10.2 class (c)): the counts are fixed before the first erasing
 * write, then every store's step in order, each idempotent, then the request is marked done and drops the
 * identifiers in one update. Killed anywhere, the next run (start, tick, `privacy erase`) repeats the steps:
 * what a step already did it finds done, so it finishes what is left.
 */
export class RunErasure {
  private readonly steps: readonly ErasureStep[];

  constructor(
    private readonly store: ErasureStore,
    steps: readonly ErasureStep[],
    private readonly clock: Clock,
  ) {
    this.steps = [...steps].sort((a, b) => a.position - b.position);
  }

  async execute(id: string, progress?: ErasureProgress): Promise<Erasure | undefined> {
    const erasure = await this.store.findById(id);
    if (erasure === undefined || erasure.status === 'done') return erasure;
    if (erasure.subject === null || erasure.salt === null) return erasure;
    const context: ErasureContext = { erasureId: erasure.id, subject: erasure.subject, salt: erasure.salt };
    if (Object.keys(erasure.counts).length === 0) await this.store.setCounts(id, await this.countAll(context));
    for (const [index, step] of this.steps.entries()) {
      progress?.(step.store, index, this.steps.length);
      await step.erase(context);
    }
    await this.store.finish(id, this.clock.now());
    return this.store.findById(id);
  }

  /** What each store holds of the subject (the dry run, and the counts an erasure reports). */
  async countAll(context: ErasureContext): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const step of this.steps) counts[step.store] = (counts[step.store] ?? 0) + (await step.count(context));
    return counts;
  }
}

/** Completes every pending erasure (serve's start and tick, `privacy erase`), oldest first. */
export class CompletePendingErasures {
  constructor(
    private readonly store: ErasureStore,
    private readonly run: RunErasure,
  ) {}

  async execute(limit = 100): Promise<number> {
    const pending = await this.store.pending(limit);
    for (const erasure of pending) await this.run.execute(erasure.id);
    return pending.length;
  }
}
