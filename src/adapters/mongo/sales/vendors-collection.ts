import type { Collection, Db } from 'mongodb';
import type { Vendor } from '../../../domain/sales/sale';
import type { CollectionIndexes } from '../shared/collection-indexes';

export const VENDORS = 'vendors';

export type VendorDocument = Omit<Vendor, 'id'> & { _id: string };

export const vendorsCollection = (db: Db): Collection<VendorDocument> => db.collection<VendorDocument>(VENDORS);

export const vendorsIndexes: CollectionIndexes = {
  collection: VENDORS,
  indexes: [
    { key: { vendorId: 1 }, name: 'unique_vendor_code', unique: true },
    { key: { webhookEnabled: 1 }, name: 'webhook_disabled' },
  ],
};
