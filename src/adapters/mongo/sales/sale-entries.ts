import type { Db } from 'mongodb';
import type { SaleEntry } from '../../../domain/sales/sale';
import { peopleCollection } from './people-collection';
import { toPerson } from './person-mapper';
import { toSale } from './sale-mapper';
import type { SaleDocument } from './sales-collection';
import { toVendor } from './vendor-mapper';
import { vendorsCollection } from './vendors-collection';

/** Joins each sale with its person and vendor: two queries per batch, not two per sale. */
export async function saleEntries(db: Db, docs: readonly SaleDocument[]): Promise<SaleEntry[]> {
  const personIds = [...new Set(docs.map((doc) => doc.personId))];
  const vendorIds = [...new Set(docs.flatMap((doc) => (doc.vendorId === null ? [] : [doc.vendorId])))];
  const [people, vendors] = await Promise.all([
    peopleCollection(db)
      .find({ _id: { $in: personIds } })
      .toArray(),
    vendorIds.length === 0
      ? []
      : vendorsCollection(db)
          .find({ _id: { $in: vendorIds } })
          .toArray(),
  ]);
  const personById = new Map(people.map((doc) => [doc._id, toPerson(doc)]));
  const vendorById = new Map(vendors.map((doc) => [doc._id, toVendor(doc)]));
  return docs.map((doc) => {
    const person = personById.get(doc.personId);
    if (person === undefined) throw new Error(`sale ${doc._id} references missing person ${doc.personId}`);
    return {
      sale: toSale(doc),
      person,
      vendor: doc.vendorId === null ? null : (vendorById.get(doc.vendorId) ?? null),
    };
  });
}
