import type { DeliveryResult, SaleWebhookSender, SendOptions } from '../../../src/application/sales/ports';
import type { SaleEnvelope } from '../../../src/domain/sales/envelope';

/**
 * What the destination does with one delivery: answer with a status, refuse the connection (nothing
 * arrives), take the envelope and answer after the sender's timeout, or take it and never answer (the
 * delivery ends only when the caller aborts it).
 */
export type ScriptedAnswer = { readonly status: number } | 'refused' | 'timeout' | 'hang';

/** A destination answering as scripted; records what it received (as JSON, the way it travels). */
export class ScriptedSaleWebhookSender implements SaleWebhookSender {
  readonly received: SaleEnvelope[] = [];
  answer: ScriptedAnswer = { status: 200 };
  /** Answers for the next deliveries, in order; `answer` applies once it is empty. */
  readonly upcoming: ScriptedAnswer[] = [];
  /** Runs while a delivery is in flight (tests act there between a claim and its settlement). */
  during: (() => Promise<void>) | undefined;

  /** Deliveries in flight now, and the most at once so far (concurrency checks). */
  inFlight = 0;
  maxInFlight = 0;

  async send(envelope: SaleEnvelope, options: SendOptions = {}): Promise<DeliveryResult> {
    const answer = this.upcoming.shift() ?? this.answer;
    if (answer === 'refused') return { ok: false, status: null, error: 'ECONNREFUSED', durationMs: 0 };
    this.received.push(JSON.parse(JSON.stringify(envelope)) as SaleEnvelope);
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await this.during?.();
      if (answer === 'hang') {
        await abortOf(options.signal);
        return { ok: false, status: null, error: 'aborted', durationMs: 0 };
      }
    } finally {
      this.inFlight -= 1;
    }
    if (answer === 'timeout') return { ok: false, status: null, error: 'timeout', durationMs: 0 };
    const { status } = answer;
    return status >= 200 && status < 300
      ? { ok: true, status, durationMs: 0 }
      : { ok: false, status, error: null, durationMs: 0 };
  }

  saleIdsReceived(): string[] {
    return this.received.flatMap((e) => e.vendas.map((v) => v.venda.id));
  }
}

/** Resolves when the signal aborts; never without one (a destination that never answers). */
function abortOf(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal === undefined) return;
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
