import * as E from 'fp-ts/Either';
import { buildEnvelope, type SaleEnvelope } from '../../domain/sales/envelope';
import type { Clock, IdGenerator } from '../shared/ports';
import { attemptOf, outcomeOf } from './delivery-outcome';
import type { DispatchSettings, WebhookNotConfigured } from './dispatch-settings';
import type { DeliveryAttemptLog, DeliveryResult, SaleRepository, SaleWebhookSender } from './ports';

export interface DispatchInput {
  /** Claim at most this many sales in the pass. */
  readonly limit?: number;
  /** Build what would be sent and change nothing (works without a destination). */
  readonly dryRun?: boolean;
  readonly onBatch?: (progress: DispatchReport) => void;
}

export interface DispatchReport {
  /** Sales eligible when the pass started (the progress total). */
  readonly eligible: number;
  readonly claimed: number;
  readonly delivered: number;
  readonly failed: number;
  readonly skipped: number;
  /** Destination answers (or transport errors) and how many batches got each. */
  readonly outcomes: Readonly<Record<string, number>>;
  /** Dry run only: the envelopes that would be sent. */
  readonly envelopes?: readonly SaleEnvelope[];
}

export type DispatchError = WebhookNotConfigured;

/**
 * One pass of the dispatch job (spec part 6, CONTRACT 3.3): lease eligible sales batch by batch, POST
 * each batch, mark it processed on 2xx or leave it pending on anything else, record every attempt.
 * At-least-once: a crash between a 2xx and the flag update means one extra delivery later.
 */
export class DispatchPendingSales {
  constructor(
    private readonly sales: SaleRepository,
    private readonly sender: SaleWebhookSender | undefined,
    private readonly attempts: DeliveryAttemptLog,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly settings: DispatchSettings,
  ) {}

  async execute(input: DispatchInput = {}): Promise<E.Either<DispatchError, DispatchReport>> {
    const passStart = this.clock.now();
    const window = {
      now: passStart,
      eligibleSince: new Date(passStart.getTime() - this.settings.windowDays * 86_400_000),
      notAttemptedSince: passStart,
    };
    const limit = input.limit ?? Number.POSITIVE_INFINITY;
    const skipped = await this.sales.countSkipped(window);
    const eligible = await this.sales.countEligible(window);

    if (input.dryRun === true) {
      const entries = await this.sales.peekEligible(window, Math.min(limit, this.settings.batchSize * 20));
      const envelopes: SaleEnvelope[] = [];
      for (let i = 0; i < entries.length; i += this.settings.batchSize) {
        envelopes.push(buildEnvelope(entries.slice(i, i + this.settings.batchSize), passStart));
      }
      return E.right({ eligible, claimed: 0, delivered: 0, failed: 0, skipped, outcomes: {}, envelopes });
    }
    const sender = this.sender;
    if (sender === undefined) return E.left({ _tag: 'WebhookNotConfigured' });

    const owner = this.ids.next();
    const report = { eligible, claimed: 0, delivered: 0, failed: 0, skipped, outcomes: {} as Record<string, number> };
    while (report.claimed < limit) {
      const chunk = await this.sales.claimEligible({
        ...window,
        now: this.clock.now(),
        limit: Math.min(this.settings.claimSize, limit - report.claimed),
        leaseMs: this.settings.leaseMs,
        owner,
      });
      if (chunk.length === 0) break;
      report.claimed += chunk.length;
      // Settled per distinct destination answer, so each sale keeps the outcome of its own batch.
      const settled = new Map<string, { ok: boolean; ids: string[] }>();
      for (let i = 0; i < chunk.length; i += this.settings.batchSize) {
        const batch = chunk.slice(i, i + this.settings.batchSize);
        const saleIds = batch.map((entry) => entry.sale.id);
        const result = await sender.send(buildEnvelope(batch, this.clock.now()));
        await this.recordAttempt(saleIds, result);
        const outcome = outcomeOf(result);
        const group = settled.get(outcome) ?? { ok: result.ok, ids: [] };
        group.ids.push(...saleIds);
        settled.set(outcome, group);
        report.outcomes[outcome] = (report.outcomes[outcome] ?? 0) + 1;
        if (result.ok) report.delivered += batch.length;
        else report.failed += batch.length;
        input.onBatch?.({ ...report, outcomes: { ...report.outcomes } });
      }
      await this.settle(owner, settled);
    }
    return E.right(report);
  }

  /** 2xx batches become processed, the rest stay pending; either way the chunk's lease is released. */
  private async settle(owner: string, settled: ReadonlyMap<string, { ok: boolean; ids: string[] }>): Promise<void> {
    const at = this.clock.now();
    for (const [outcome, { ok, ids }] of settled) {
      if (ok) await this.sales.markDelivered(ids, owner, { at, outcome });
      else await this.sales.markFailed(ids, owner, { at, outcome });
    }
  }

  private async recordAttempt(saleIds: readonly string[], result: DeliveryResult): Promise<void> {
    await this.attempts.record(attemptOf(this.ids.next(), this.clock.now(), 'dispatch', saleIds, result));
  }
}
