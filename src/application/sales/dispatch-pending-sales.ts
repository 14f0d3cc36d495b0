import * as E from 'fp-ts/Either';
import { buildEnvelope, type SaleEnvelope } from '../../domain/sales/envelope';
import { DispatchPass, type PassCounts } from './dispatch-pass';
import type { WebhookNotConfigured } from './dispatch-settings';
import type { EligibilityWindow, SaleWebhookSender } from './ports';
import { SaleDelivery } from './sale-delivery';

export interface DispatchInput {
  /** Claim at most this many sales in the pass. */
  readonly limit?: number;
  /** Build what would be sent and change nothing (works without a destination). */
  readonly dryRun?: boolean;
  readonly onBatch?: (progress: DispatchReport) => void;
  /** This pass's deadline instead of the settings' one (CLI `--deadline`). */
  readonly deadlineMs?: number;
  /** This pass's batches in flight at once instead of the settings' number (CLI `--concurrency`). */
  readonly concurrency?: number;
}

export interface DispatchReport {
  /** Sales eligible when the pass started (the progress total). */
  readonly eligible: number;
  /** claimed = delivered + failed + released. */
  readonly claimed: number;
  readonly delivered: number;
  readonly failed: number;
  /** Claimed but not sent before the deadline: leases released, pending, taken by the next pass. */
  readonly released: number;
  readonly skipped: number;
  /** The pass stopped at its deadline (CONTRACT 9.5); deliveries cut in flight count as failed, `aborted`. */
  readonly deadlineReached: boolean;
  /** Destination answers (or transport errors) and how many batches got each. */
  readonly outcomes: Readonly<Record<string, number>>;
  /** Dry run only: the envelopes that would be sent. */
  readonly envelopes?: readonly SaleEnvelope[];
}

export type DispatchError = WebhookNotConfigured;

/**
 * One pass of the dispatch job (spec part 6, CONTRACT 3.3, 9.5): lease eligible sales chunk by chunk,
 * POST them in batches (up to `concurrency` at once), mark a batch processed on 2xx or leave it pending
 * on anything else, record every attempt. The pass ends by its deadline whatever the destination does.
 * At-least-once: a crash between a 2xx and the flag update means one extra delivery later.
 */
export class DispatchPendingSales extends SaleDelivery {
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
    if (input.dryRun === true) return E.right(await this.dryRun(window, limit, { eligible, skipped }));
    const sender = this.sender;
    if (sender === undefined) return E.left({ _tag: 'WebhookNotConfigured' });
    return E.right(await this.send(sender, window, limit, input, { eligible, skipped }));
  }

  /** `--dry-run`: the envelopes a pass would send, nothing claimed or changed. */
  private async dryRun(window: EligibilityWindow, limit: number, found: Found): Promise<DispatchReport> {
    const entries = await this.sales.peekEligible(window, Math.min(limit, this.settings.batchSize * 20));
    const envelopes: SaleEnvelope[] = [];
    for (let i = 0; i < entries.length; i += this.settings.batchSize) {
      envelopes.push(buildEnvelope(entries.slice(i, i + this.settings.batchSize), window.now));
    }
    const { eligible, skipped } = found;
    const none = { claimed: 0, delivered: 0, failed: 0, released: 0 };
    return { eligible, ...none, skipped, deadlineReached: false, outcomes: {}, envelopes };
  }

  private async send(
    sender: SaleWebhookSender,
    window: EligibilityWindow,
    limit: number,
    input: DispatchInput,
    found: Found,
  ): Promise<DispatchReport> {
    // A timer, not the clock: the deadline is elapsed time, and it must fire while a delivery hangs.
    const stop = new AbortController();
    const counts: PassCounts = { claimed: 0, delivered: 0, failed: 0, released: 0, outcomes: {} };
    const snapshot = (): DispatchReport => {
      const { claimed, delivered, failed, released, outcomes } = counts;
      const { eligible, skipped } = found;
      const deadlineReached = stop.signal.aborted;
      return { eligible, claimed, delivered, failed, released, skipped, deadlineReached, outcomes: { ...outcomes } };
    };
    const timer = setTimeout(() => stop.abort(), sendingCutoffMs(input.deadlineMs ?? this.settings.deadlineMs));
    try {
      const { sales, attempts, clock, ids, settings } = this;
      const deps = { sales, sender, attempts, clock, ids, settings };
      const pass = new DispatchPass(deps, window, this.ids.next(), limit, stop.signal, counts, () =>
        input.onBatch?.(snapshot()),
      );
      await pass.run(Math.max(1, input.concurrency ?? this.settings.concurrency));
      return snapshot();
    } finally {
      clearTimeout(timer);
    }
  }
}

/** What a pass found before it claims anything. */
interface Found {
  readonly eligible: number;
  readonly skipped: number;
}

/**
 * When sending stops: a tenth of the deadline (at most 5 s) before it, so that recording the attempts
 * cut in flight and settling or releasing the leases still fit, and the pass ends by its deadline.
 */
export function sendingCutoffMs(deadlineMs: number): number {
  return deadlineMs - Math.min(5_000, deadlineMs / 10);
}
