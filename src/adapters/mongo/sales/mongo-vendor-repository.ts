import type { Db } from 'mongodb';
import type { Page, VendorRepository } from '../../../application/sales/ports';
import type { Vendor } from '../../../domain/sales/sale';
import { toVendor, toVendorDocument, vendorsCollection } from './vendors-collection';

export class MongoVendorRepository implements VendorRepository {
  constructor(private readonly db: Db) {}

  async insert(vendor: Vendor): Promise<void> {
    await vendorsCollection(this.db).insertOne(toVendorDocument(vendor));
  }

  async findById(id: string): Promise<Vendor | undefined> {
    const doc = await vendorsCollection(this.db).findOne({ _id: id });
    return doc === null ? undefined : toVendor(doc);
  }

  async replace(vendor: Vendor): Promise<Vendor | undefined> {
    const { vendorId, name, store, phone, isActive, webhookEnabled, updatedAt } = vendor;
    const doc = await vendorsCollection(this.db).findOneAndUpdate(
      { _id: vendor.id },
      { $set: { vendorId, name, store, phone, isActive, webhookEnabled, updatedAt } },
      { returnDocument: 'after' },
    );
    return doc === null ? undefined : toVendor(doc);
  }

  async list(page: number, limit: number): Promise<Page<Vendor>> {
    const vendors = vendorsCollection(this.db);
    const [docs, total] = await Promise.all([
      vendors.find({}, { sort: { name: 1, _id: 1 }, skip: (page - 1) * limit, limit }).toArray(),
      vendors.countDocuments({}),
    ]);
    return { items: docs.map(toVendor), total };
  }
}
