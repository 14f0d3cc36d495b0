import type { Sale } from '../../../domain/sales/sale';
import type { SaleDocument } from './sales-collection';

/** A new sale: delivery state at the top level (one index for the claim), no lease owner. */
export function toSaleDocument(sale: Sale): SaleDocument {
  return {
    _id: sale.id,
    sellerId: sale.sellerId,
    sellerName: sale.sellerName,
    financingApprovalDate: sale.financingApprovalDate,
    personId: sale.personId,
    address: sale.address,
    vehicle: sale.vehicle,
    vendorId: sale.vendorId,
    lastEvent: sale.lastEvent,
    lastEventId: null,
    ...sale.delivery,
    leaseOwner: null,
    createdAt: sale.createdAt,
    updatedAt: sale.updatedAt,
  };
}

export function toSale(doc: SaleDocument): Sale {
  return {
    id: doc._id,
    sellerId: doc.sellerId,
    sellerName: doc.sellerName,
    financingApprovalDate: doc.financingApprovalDate,
    personId: doc.personId,
    address: doc.address,
    vehicle: doc.vehicle,
    vendorId: doc.vendorId,
    lastEvent: doc.lastEvent,
    delivery: {
      webhookProcessed: doc.webhookProcessed,
      forceReprocess: doc.forceReprocess,
      leaseUntil: doc.leaseUntil,
      attempts: doc.attempts,
      lastAttemptAt: doc.lastAttemptAt,
      lastOutcome: doc.lastOutcome,
    },
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}
