import { toEnvelopeEntry } from '../../../domain/sales/envelope';
import type { SaleEntry, Vendor } from '../../../domain/sales/sale';

/** The webhook-entry shape (spec part 2, CONTRACT 3.3) without the entry timestamp. */
export function entryBody(entry: SaleEntry, now: Date) {
  const { timestamp, ...rest } = toEnvelopeEntry(entry, now);
  void timestamp;
  return rest;
}

/** What operators see: the entry plus its delivery state and last status event. */
export function detailBody(entry: SaleEntry, now: Date) {
  const { delivery, lastEvent } = entry.sale;
  return {
    ...entryBody(entry, now),
    delivery: {
      webhookProcessed: delivery.webhookProcessed,
      forceReprocess: delivery.forceReprocess,
      attempts: delivery.attempts,
      lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
      lastOutcome: delivery.lastOutcome,
      leasedUntil: delivery.leaseUntil !== null && delivery.leaseUntil > now ? delivery.leaseUntil.toISOString() : null,
    },
    lastEvent: lastEvent === null ? null : { ...lastEvent, at: lastEvent.at.toISOString() },
  };
}

/** Spec part 2 vendor fields. */
export function vendorBody(vendor: Vendor) {
  return { ...vendor, createdAt: vendor.createdAt.toISOString(), updatedAt: vendor.updatedAt.toISOString() };
}

/** The list envelope of the paginated sales routes. */
export function pageBody<T, B>(page: { items: readonly T[]; total: number }, query: { page: number; limit: number }, view: (item: T) => B) {
  return { data: page.items.map(view), total: page.total, page: query.page, limit: query.limit, hasMore: query.page * query.limit < page.total };
}
