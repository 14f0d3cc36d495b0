import * as E from 'fp-ts/Either';
import type { SaleEventName, SaleStatusEvent } from '../../domain/sales/sale';
import type { Clock, PersonChanges } from '../shared/ports';
import type { SaleRepository } from './ports';
import type { SaleNotFound } from './sale-not-found';

export interface UpdateSaleStatusInput {
  readonly saleId: string;
  readonly event: SaleEventName;
  readonly noContactReason?: string;
  readonly sentTo?: string;
  readonly sentToNumber?: string;
  readonly dealership?: string;
}

export interface UpdateSaleStatusOutput {
  readonly id: string;
  readonly event: SaleEventName;
  readonly webhookProcessed: boolean;
}

export type UpdateSaleStatusError = SaleNotFound;

/** PATCH /api/sales/{id}/status: stores the event with its extra fields and time (spec part 6). */
export class UpdateSaleStatus {
  constructor(
    private readonly sales: SaleRepository,
    private readonly clock: Clock,
    /** The SDR contacts of the sale's person (CONTRACT 10.1); absent in unit tests of the write alone. */
    private readonly personChanges?: PersonChanges,
  ) {}

  async execute(input: UpdateSaleStatusInput): Promise<E.Either<UpdateSaleStatusError, UpdateSaleStatusOutput>> {
    // Only the fields that accompany this event are kept (spec part 4: no_contact_reason with
    // contact_failed; sent_to, sent_to_number, dealership with lead_forwarded).
    const event: SaleStatusEvent = {
      event: input.event,
      at: this.clock.now(),
      ...(input.event === 'contact_failed' && input.noContactReason !== undefined
        ? { noContactReason: input.noContactReason }
        : {}),
      ...(input.event === 'lead_forwarded'
        ? {
            ...(input.sentTo === undefined ? {} : { sentTo: input.sentTo }),
            ...(input.sentToNumber === undefined ? {} : { sentToNumber: input.sentToNumber }),
            ...(input.dealership === undefined ? {} : { dealership: input.dealership }),
          }
        : {}),
    };
    const sale = await this.sales.recordEvent(input.saleId, event);
    if (sale === undefined) return E.left({ _tag: 'SaleNotFound', saleId: input.saleId });
    await this.personChanges?.personsChanged([sale.personId]);
    return E.right({ id: sale.id, event: input.event, webhookProcessed: sale.delivery.webhookProcessed });
  }
}
