import type { Db } from 'mongodb';
import type { SaleQualification, SaleQualificationSync } from '../../../application/sdr/ports';
import { salesCollection } from '../sales/sales-collection';

/** Writes the SDR data onto the person's newest sale (index `by_person`), so both stores agree. */
export class MongoSaleQualificationSync implements SaleQualificationSync {
  constructor(private readonly db: Db) {}

  async recordOnLatestSale(personId: string, q: SaleQualification): Promise<string | undefined> {
    const sales = salesCollection(this.db);
    const latest = await sales.findOne({ personId }, { sort: { createdAt: -1, _id: -1 } });
    if (latest === null) return undefined;
    // Only the sdr member: the delivery state and the rest of the sale stay untouched.
    await sales.updateOne({ _id: latest._id }, { $set: { sdr: { ...q }, updatedAt: q.at } });
    return latest._id;
  }
}
