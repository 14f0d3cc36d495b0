import type { Db } from 'mongodb';
import type { VendorChanges, VendorRepository } from '../../../application/sales/ports';
import type { Vendor } from '../../../domain/sales/sale';
import { toVendor, toVendorDocument } from './vendor-mapper';
import { vendorsCollection } from './vendors-collection';
import type { Page } from '../../../application/shared/page';

export class MongoVendorRepository implements VendorRepository {
  constructor(private readonly db: Db) {}

  private get vendors() {
    return vendorsCollection(this.db);
  }

  async insert(vendor: Vendor): Promise<void> {
    // A duplicate business code is refused by the `unique_vendor_code` index.
    await this.vendors.insertOne(toVendorDocument(vendor));
  }

  async findById(id: string): Promise<Vendor | undefined> {
    const doc = await this.vendors.findOne({ _id: id });
    return doc === null ? undefined : toVendor(doc);
  }

  async update(id: string, changes: VendorChanges): Promise<Vendor | undefined> {
    const { vendorId, name, store, phone, isActive, webhookEnabled, updatedAt } = changes;
    const optional = { vendorId, store, phone };
    const given = Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined));
    const doc = await this.vendors.findOneAndUpdate(
      { _id: id },
      { $set: { name, isActive, webhookEnabled, updatedAt, ...given } },
      { returnDocument: 'after' },
    );
    return doc === null ? undefined : toVendor(doc);
  }

  async list(page: number, limit: number): Promise<Page<Vendor>> {
    const [docs, total] = await Promise.all([
      this.vendors.find({}, { sort: { name: 1, _id: 1 }, skip: (page - 1) * limit, limit }).toArray(),
      this.vendors.countDocuments({}),
    ]);
    return { items: docs.map(toVendor), total };
  }
}
