import type { Collection, Db } from 'mongodb';
import type { Person } from '../../domain/sales/sale';
import type { CollectionIndexes } from './collection-indexes';

export const PEOPLE = 'people';

export type PersonDocument = Omit<Person, 'id'> & { _id: string };

export const peopleCollection = (db: Db): Collection<PersonDocument> => db.collection<PersonDocument>(PEOPLE);

export const peopleIndexes: CollectionIndexes = {
  collection: PEOPLE,
  async ensure(db) {
    // One person per CPF; minimal persons (SDR contacts) have none.
    await peopleCollection(db).createIndex(
      { cpf: 1 },
      { name: 'unique_cpf', unique: true, partialFilterExpression: { cpf: { $type: 'string' } } },
    );
  },
};

export const toPersonDocument = ({ id, ...rest }: Person): PersonDocument => ({ _id: id, ...rest });
export const toPerson = ({ _id, ...rest }: PersonDocument): Person => ({ id: _id, ...rest });
