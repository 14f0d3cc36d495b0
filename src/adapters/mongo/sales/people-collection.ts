import type { Collection, Db } from 'mongodb';
import type { Person } from '../../../domain/sales/sale';
import type { CollectionIndexes } from '../shared/collection-indexes';

export const PEOPLE = 'people';

/**
 * `phoneKeys` (SDR): the match keys (DDD + last 8 digits, CONTRACT 3.4) of the person's phones,
 * derived at write time so a lookup by any spelling of a phone is one indexed equality.
 */
export type PersonDocument = Omit<Person, 'id'> & { _id: string; phoneKeys?: string[] };

export const peopleCollection = (db: Db): Collection<PersonDocument> => db.collection<PersonDocument>(PEOPLE);

export const peopleIndexes: CollectionIndexes = {
  collection: PEOPLE,
  indexes: [
    // One person per CPF; minimal persons (SDR contacts) have none.
    { key: { cpf: 1 }, name: 'unique_cpf', unique: true, partialFilterExpression: { cpf: { $type: 'string' } } },
    // SDR lookups by phone (CONTRACT 3.4).
    { key: { phoneKeys: 1 }, name: 'by_phone_key' },
  ],
};
