import type { Db } from 'mongodb';
import type { SaleQualification, SaleQualificationSync } from '../../../application/sdr/ports';
import type { SdrStatus } from '../../../domain/sdr/interaction';
import { salesCollection } from '../sales/sales-collection';

/** Writes the SDR data onto the person's newest sale (index `by_person`), so both stores agree. */
export class MongoSaleQualificationSync implements SaleQualificationSync {
  constructor(private readonly db: Db) {}

  async recordOnLatestSale(personId: string, q: SaleQualification): Promise<string | undefined> {
    // One findAndModify finds the newest sale and writes it; only the sdr member and updatedAt change,
    // the delivery state and the rest of the sale stay untouched.
    const updated = await salesCollection(this.db).findOneAndUpdate(
      { personId },
      { $set: { sdr: { ...q }, updatedAt: q.at } },
      { sort: { createdAt: -1, _id: -1 } },
    );
    return updated?._id;
  }

  async recordStatusOnLatestSale(personId: string, { status, at, convertedAt }: { status: SdrStatus; at: Date; convertedAt: Date | null }): Promise<string | undefined> {
    const updated = await salesCollection(this.db).findOneAndUpdate(
      { personId },
      { $set: { 'sdr.status': status, 'sdr.at': at, 'sdr.convertedAt': convertedAt, updatedAt: at } },
      { sort: { createdAt: -1, _id: -1 } },
    );
    return updated?._id;
  }
}
