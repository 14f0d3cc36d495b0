import type { Collection, Db } from 'mongodb';
import type { Address, SaleStatusEvent, Vehicle } from '../../../domain/sales/sale';
import type { CollectionIndexes } from '../shared/collection-indexes';

export const SALES = 'sales';
export const SALE_STATUS_EVENTS = 'sale_status_events';

/** A sale; delivery state is kept at the top level so the dispatch query can use one index. */
export interface SaleDocument {
  _id: string;
  sellerId: string;
  sellerName: string;
  financingApprovalDate: Date | null;
  personId: string;
  address: Address | null;
  vehicle: Vehicle | null;
  vendorId: string | null;
  lastEvent: SaleStatusEvent | null;
  /**
   * The id of `lastEvent`'s row in sale_status_events (drawn when it was recorded; absent on sales
   * whose last event was recorded before rows had ids). The next event is written only while this is
   * still the one read, after that row is ensured.
   */
  lastEventId?: string | null;
  webhookProcessed: boolean;
  forceReprocess: boolean;
  leaseUntil: Date | null;
  leaseOwner: string | null;
  attempts: number;
  lastAttemptAt: Date | null;
  lastOutcome: string | null;
  createdAt: Date;
  updatedAt: Date;
  /**
   * SDR contact and qualification data (spec sales part 4, CONTRACT 3.4), set by the latest interaction of the sale's
   * person.
   */
  sdr?: SaleSdrData;
}

export interface SaleSdrData {
  interactionId: string;
  result: string;
  /** The interaction's status, also moved by every status update (CONTRACT 3.4). */
  status: string;
  contact: boolean;
  sent: boolean;
  sentTo: string | null;
  convertedToLead: boolean;
  qualified: boolean;
  interested: boolean;
  /** The interaction's conversion time (absent on data written before it was stored). */
  convertedAt?: Date | null;
  at: Date;
}

/** Every status event, append-only (the sale keeps the last one, and the id of its row: `lastEventId`). */
export interface SaleStatusEventDocument extends SaleStatusEvent {
  _id: string;
  saleId: string;
}

export const salesCollection = (db: Db): Collection<SaleDocument> => db.collection<SaleDocument>(SALES);
export const saleStatusEventsCollection = (db: Db): Collection<SaleStatusEventDocument> =>
  db.collection<SaleStatusEventDocument>(SALE_STATUS_EVENTS);

export const salesIndexes: CollectionIndexes = {
  collection: SALES,
  indexes: [
    // The dispatch claim: pending sales by age, and forced ones regardless of age.
    { key: { webhookProcessed: 1, createdAt: 1 }, name: 'pending_by_age' },
    // Both branches of the claim's $or are ordered by createdAt, so mongod merges them without a blocking sort.
    { key: { forceReprocess: 1, webhookProcessed: 1, createdAt: 1 }, name: 'forced_by_age' },
    { key: { personId: 1, createdAt: -1 }, name: 'by_person' },
    { key: { createdAt: -1 }, name: 'newest_first' },
    // The unfiltered sales list in its page order (newest first, then _id): without the tie-breaker in the
    // key, every page is a sort of the whole collection.
    { key: { createdAt: -1, _id: 1 }, name: 'list_order' },
  ],
};

export const saleStatusEventIndexes: CollectionIndexes = {
  collection: SALE_STATUS_EVENTS,
  indexes: [{ key: { saleId: 1, at: -1 }, name: 'by_sale' }],
};
