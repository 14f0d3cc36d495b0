import type { DeliveryResult, SaleWebhookSender } from '../../../src/application/sales/ports';
import type { SaleEnvelope } from '../../../src/domain/sales/envelope';

/**
 * What the destination does with one delivery: answer with a status, refuse the connection (nothing
 * arrives), or take the envelope and answer after the sender's timeout.
 */
export type ScriptedAnswer = { readonly status: number } | 'refused' | 'timeout';

/** A destination answering as scripted; records what it received (as JSON, the way it travels). */
export class ScriptedSaleWebhookSender implements SaleWebhookSender {
  readonly received: SaleEnvelope[] = [];
  answer: ScriptedAnswer = { status: 200 };
  /** Answers for the next deliveries, in order; `answer` applies once it is empty. */
  readonly upcoming: ScriptedAnswer[] = [];
  /** Runs while a delivery is in flight (tests act there between a claim and its settlement). */
  during: (() => Promise<void>) | undefined;

  async send(envelope: SaleEnvelope): Promise<DeliveryResult> {
    const answer = this.upcoming.shift() ?? this.answer;
    if (answer === 'refused') return { ok: false, status: null, error: 'ECONNREFUSED', durationMs: 0 };
    this.received.push(JSON.parse(JSON.stringify(envelope)) as SaleEnvelope);
    await this.during?.();
    if (answer === 'timeout') return { ok: false, status: null, error: 'timeout', durationMs: 0 };
    const { status } = answer;
    return status >= 200 && status < 300 ? { ok: true, status, durationMs: 0 } : { ok: false, status, error: null, durationMs: 0 };
  }

  saleIdsReceived(): string[] {
    return this.received.flatMap((e) => e.vendas.map((v) => v.venda.id));
  }
}
