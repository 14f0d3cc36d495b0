import type { Collection, Db } from 'mongodb';
import type { Vendor } from '../../../domain/sales/sale';
import type { CollectionIndexes } from '../shared/collection-indexes';

export const VENDORS = 'vendors';

export type VendorDocument = Omit<Vendor, 'id'> & { _id: string };

export const vendorsCollection = (db: Db): Collection<VendorDocument> => db.collection<VendorDocument>(VENDORS);

export const vendorsIndexes: CollectionIndexes = {
  collection: VENDORS,
  async ensure(db) {
    const vendors = vendorsCollection(db);
    await vendors.createIndex({ vendorId: 1 }, { name: 'unique_vendor_code', unique: true });
    await vendors.createIndex({ webhookEnabled: 1 }, { name: 'webhook_disabled' });
  },
};
