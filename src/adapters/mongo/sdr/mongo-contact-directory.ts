import type { Db } from 'mongodb';
import type { ContactDirectory } from '../../../application/sdr/ports';
import type { Person } from '../../../domain/sales/sale';
import type { PersonSales } from '../../../domain/sdr/contact';
import { peopleCollection } from '../sales/people-collection';
import { toPerson } from '../sales/person-mapper';
import { salesCollection } from '../sales/sales-collection';

/** Persons by phone key (`by_phone_key`) or id, and sale summaries per person (`by_person`), one batch per call. */
export class MongoContactDirectory implements ContactDirectory {
  constructor(private readonly db: Db) {}

  async findByPhoneKeys(keys: readonly string[]): Promise<Person[]> {
    if (keys.length === 0) return [];
    const docs = await peopleCollection(this.db)
      .find({ phoneKeys: { $in: [...keys] } })
      .toArray();
    return docs.map(toPerson);
  }

  async findByIds(ids: readonly string[]): Promise<Person[]> {
    if (ids.length === 0) return [];
    const docs = await peopleCollection(this.db)
      .find({ _id: { $in: [...ids] } })
      .toArray();
    return docs.map(toPerson);
  }

  async salesOf(personIds: readonly string[]): Promise<PersonSales[]> {
    if (personIds.length === 0) return [];
    const groups = await salesCollection(this.db)
      .aggregate<{ _id: string; count: number; lastAt: Date }>([
        { $match: { personId: { $in: [...personIds] } } },
        { $sort: { personId: 1, createdAt: -1 } },
        { $group: { _id: '$personId', count: { $sum: 1 }, lastAt: { $first: '$createdAt' } } },
      ])
      .toArray();
    return groups.map((g) => ({ personId: g._id, count: g.count, lastAt: g.lastAt }));
  }
}
