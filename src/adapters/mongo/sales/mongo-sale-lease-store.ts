import type { Db } from 'mongodb';
import type { SaleLease, SaleLeaseStore } from '../../../application/sales/data-checks/ports';
import { asNullableDate, asNullableString, idText } from '../shared/stored-values';
import { salesCollection } from './sales-collection';

/** The sales' dispatch leases, for `check-data` (sale-lease-deadline), and the release of a stale one. */
export class MongoSaleLeaseStore implements SaleLeaseStore {
  constructor(private readonly db: Db) {}

  async *leased(batchSize: number): AsyncIterable<readonly SaleLease[]> {
    let batch: SaleLease[] = [];
    // No index on the lease fields (the claim filters on them beside indexed ones): the `_id` order serves this full
    // read.
    const cursor = salesCollection(this.db)
      .find({ $or: [{ leaseOwner: { $ne: null } }, { leaseUntil: { $ne: null } }] }, { sort: { _id: 1 } })
      .batchSize(batchSize);
    for await (const doc of cursor) {
      batch.push({
        saleId: idText(doc._id),
        owner: asNullableString(doc.leaseOwner),
        until: asNullableDate(doc.leaseUntil),
      });
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }

  async release(seen: SaleLease): Promise<boolean> {
    const { matchedCount } = await salesCollection(this.db).updateOne(
      { _id: seen.saleId, leaseOwner: seen.owner, leaseUntil: seen.until },
      { $set: { leaseOwner: null, leaseUntil: null } },
    );
    return matchedCount === 1;
  }
}
