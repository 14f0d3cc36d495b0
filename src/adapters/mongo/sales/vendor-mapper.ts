import type { Vendor } from '../../../domain/sales/sale';
import type { VendorDocument } from './vendors-collection';

export const toVendorDocument = ({ id, ...rest }: Vendor): VendorDocument => ({ _id: id, ...rest });

export function toVendor(doc: VendorDocument): Vendor {
  return {
    id: doc._id,
    vendorId: doc.vendorId,
    name: doc.name,
    store: doc.store,
    phone: doc.phone,
    isActive: doc.isActive,
    webhookEnabled: doc.webhookEnabled,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}
