import { buildEnvelope } from '../../domain/sales/envelope';
import type { SaleEntry } from '../../domain/sales/sale';
import type { Clock, IdGenerator } from '../shared/ports';
import { attemptOf, outcomeOf } from './delivery-outcome';
import type { DispatchSettings } from './dispatch-settings';
import type { DeliveryAttemptLog, EligibilityWindow, SaleRepository, SaleWebhookSender } from './ports';

export interface PassCounts {
  claimed: number;
  delivered: number;
  failed: number;
  released: number;
  readonly outcomes: Record<string, number>;
}

export interface PassDeps {
  readonly sales: SaleRepository;
  readonly sender: SaleWebhookSender;
  readonly attempts: DeliveryAttemptLog;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly settings: DispatchSettings;
}

/** One claimed chunk: settled together once each of its batches was sent or given up. */
interface Chunk {
  open: number;
  readonly settled: Map<string, { ok: boolean; ids: string[] }>;
  readonly unsent: string[];
}

interface Batch {
  readonly chunk: Chunk;
  readonly entries: readonly SaleEntry[];
}

/**
 * The sending part of a dispatch pass: `concurrency` workers take batches from the claimed chunk
 * and claim the next chunk when it is empty (one claim at a time). Once `stop` fires (the deadline,
 * CONTRACT 9.5) no batch is started and nothing more is claimed; the sender aborts what is in flight;
 * the batches never sent get their leases released.
 */
export class DispatchPass {
  private readonly queue: Batch[] = [];
  private claiming: Promise<void> | undefined;
  private exhausted = false;
  private failure: { error: unknown } | undefined;

  constructor(
    private readonly deps: PassDeps,
    private readonly window: EligibilityWindow,
    private readonly owner: string,
    private readonly limit: number,
    private readonly stop: AbortSignal,
    private readonly counts: PassCounts,
    private readonly onBatch: () => void,
  ) {}

  async run(concurrency: number): Promise<void> {
    await Promise.all(Array.from({ length: concurrency }, () => this.worker()));
    // A database error ends the pass as before (the leases expire); nothing more is written.
    if (this.failure !== undefined) throw this.failure.error;
    await this.releaseQueued();
  }

  private async worker(): Promise<void> {
    try {
      for (let batch = await this.next(); batch !== undefined; batch = await this.next()) await this.send(batch);
    } catch (error) {
      this.failure ??= { error };
    }
  }

  private async next(): Promise<Batch | undefined> {
    for (;;) {
      if (this.stop.aborted || this.failure !== undefined) return undefined;
      const batch = this.queue.shift();
      if (batch !== undefined) return batch;
      if (this.exhausted) return undefined;
      this.claiming ??= this.claim().finally(() => {
        this.claiming = undefined;
      });
      await this.claiming;
    }
  }

  private async claim(): Promise<void> {
    const { sales, clock, settings } = this.deps;
    const wanted = Math.min(settings.claimSize, this.limit - this.counts.claimed);
    const entries =
      wanted <= 0
        ? []
        : await sales.claimEligible({
            ...this.window,
            now: clock.now(),
            limit: wanted,
            leaseMs: settings.leaseMs,
            owner: this.owner,
          });
    if (entries.length === 0) {
      this.exhausted = true;
      return;
    }
    this.counts.claimed += entries.length;
    const chunk: Chunk = { open: Math.ceil(entries.length / settings.batchSize), settled: new Map(), unsent: [] };
    for (let i = 0; i < entries.length; i += settings.batchSize)
      this.queue.push({ chunk, entries: entries.slice(i, i + settings.batchSize) });
  }

  private async send({ chunk, entries }: Batch): Promise<void> {
    const { sender, attempts, clock, ids } = this.deps;
    const saleIds = entries.map((entry) => entry.sale.id);
    const result = await sender.send(buildEnvelope(entries, clock.now()), { signal: this.stop });
    await attempts.record(attemptOf(ids.next(), clock.now(), 'dispatch', saleIds, result));
    const outcome = outcomeOf(result);
    // Settled per distinct destination answer, so each sale keeps the outcome of its own batch.
    const group = chunk.settled.get(outcome) ?? { ok: result.ok, ids: [] };
    group.ids.push(...saleIds);
    chunk.settled.set(outcome, group);
    this.counts.outcomes[outcome] = (this.counts.outcomes[outcome] ?? 0) + 1;
    if (result.ok) this.counts.delivered += entries.length;
    else this.counts.failed += entries.length;
    this.onBatch();
    chunk.open -= 1;
    if (chunk.open === 0) await this.settle(chunk);
  }

  /** Claimed but never sent: the leases go back at once, so the next pass need not wait for them. */
  private async releaseQueued(): Promise<void> {
    const touched = new Set<Chunk>();
    for (const { chunk, entries } of this.queue.splice(0)) {
      chunk.unsent.push(...entries.map((entry) => entry.sale.id));
      chunk.open -= 1;
      this.counts.released += entries.length;
      touched.add(chunk);
    }
    for (const chunk of touched) if (chunk.open === 0) await this.settle(chunk);
  }

  /** 2xx batches become processed, the rest stay pending; either way the chunk's leases are released. */
  private async settle(chunk: Chunk): Promise<void> {
    const { sales, clock } = this.deps;
    const at = clock.now();
    for (const [outcome, { ok, ids }] of chunk.settled) {
      if (ok) await sales.markDelivered(ids, this.owner, { at, outcome });
      else await sales.markFailed(ids, this.owner, { at, outcome });
    }
    if (chunk.unsent.length > 0) await sales.releaseLeases(chunk.unsent, this.owner);
  }
}
