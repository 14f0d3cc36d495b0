import * as E from 'fp-ts/Either';
import { buildEnvelope } from '../../domain/sales/envelope';
import { attemptOf, outcomeOf } from './delivery-outcome';
import type { WebhookNotConfigured } from './dispatch-settings';
import type { SaleNotFound } from './sale-not-found';
import { SaleDelivery } from './sale-delivery';

export interface ResendOutput {
  readonly saleId: string;
  readonly success: boolean;
  /** The destination's HTTP status; null on a transport error (then `error` says which). */
  readonly destinationStatus: number | null;
  readonly error: string | null;
}

export type ResendError =
  | SaleNotFound
  | WebhookNotConfigured
  /** A dispatch run holds the sale right now; it stays forced and that run (or the next) sends it. */
  | { readonly _tag: 'SaleBusy'; readonly saleId: string };

/**
 * The manual trigger (POST /api/sales/{id}/trigger-webhook and `brokerhub resend-sale`): force the
 * sale (always, spec part 3), then send it alone (`totalVendas: 1`) under a lease so a concurrent
 * dispatch run cannot send it at the same time.
 */
export class ResendSale extends SaleDelivery {
  async execute(saleId: string): Promise<E.Either<ResendError, ResendOutput>> {
    // CONTRACT 7: an unknown sale is 404 whatever the configuration; the missing destination is for a sale that exists.
    if (this.sender === undefined)
      return (await this.sales.findEntry(saleId)) === undefined
        ? E.left({ _tag: 'SaleNotFound', saleId })
        : E.left({ _tag: 'WebhookNotConfigured' });
    if (!(await this.sales.force(saleId))) return E.left({ _tag: 'SaleNotFound', saleId });
    const owner = this.ids.next();
    const claimed = await this.sales.claimOne(saleId, this.clock.now(), this.settings.leaseMs, owner);
    if (claimed === undefined) return E.left({ _tag: 'SaleNotFound', saleId });
    if (claimed === 'busy') return E.left({ _tag: 'SaleBusy', saleId });

    const result = await this.sender.send(buildEnvelope([claimed], this.clock.now()));
    const at = this.clock.now();
    const outcome = { at, outcome: outcomeOf(result) };
    // The attempt is recorded before the sale is marked (as the dispatch pass does): a crash between
    // leaves the attempt in the log and the sale forced and leased, sent again once the lease runs
    // out (CONTRACT 3.3 at-least-once); the other order would lose the record of a POST that happened.
    await this.attempts.record(attemptOf(this.ids.next(), at, 'manual', [saleId], result));
    if (result.ok) await this.sales.markDelivered([saleId], owner, outcome);
    else await this.sales.markFailed([saleId], owner, outcome);
    return E.right({
      saleId,
      success: result.ok,
      destinationStatus: result.status,
      error: result.ok ? null : result.error,
    });
  }
}
