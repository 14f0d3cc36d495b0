import type { SaleStatusEvent } from '../../../domain/sales/sale';
import { token, type Token } from '../../shared/token';

/**
 * What the sales area's data checks read, and the conditional writes of their repairs: each store
 * reads its collection in `_id` order (a full read by design, streamed in cursor batches of
 * `batchSize`), and each write is conditional on the state the check read, so a repair never
 * overwrites a concurrent write of the service.
 */

/** A sale's dispatch lease (CONTRACT 3.3): its holder and its deadline. */
export interface SaleLease {
  readonly saleId: string;
  readonly owner: string | null;
  readonly until: Date | null;
}

export interface SaleLeaseStore {
  /** The sales that carry any part of a lease (a holder or a deadline), batch by batch. */
  leased(batchSize: number): AsyncIterable<readonly SaleLease[]>;
  /** Releases the lease while it is still exactly `seen` (a newer claim is left alone); false otherwise. */
  release(seen: SaleLease): Promise<boolean>;
}
export const SaleLeaseStore: Token<SaleLeaseStore> = token('SaleLeaseStore');

/** A sale's last status event as the sale holds it (CONTRACT 3.3), with the id its log row takes. */
export interface SaleLastEvent {
  readonly saleId: string;
  /** The row's id, drawn when the event was recorded. */
  readonly eventId: string;
  readonly event: SaleStatusEvent;
}

/** The sales' last events and their rows in the status-event log (sale_status_events). */
export interface SaleStatusEventStore {
  /** Every sale with a last event recorded under an id, batch by batch. */
  lastEvents(batchSize: number): AsyncIterable<readonly SaleLastEvent[]>;
  /** Which of these row ids are stored. */
  stored(eventIds: readonly string[]): Promise<ReadonlySet<string>>;
  /** Inserts the row of the sale's last event (nothing if its id is taken); true when it inserted it. */
  insertRow(last: SaleLastEvent): Promise<boolean>;
}
export const SaleStatusEventStore: Token<SaleStatusEventStore> = token('SaleStatusEventStore');
