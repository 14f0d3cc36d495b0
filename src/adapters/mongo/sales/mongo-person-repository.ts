import { MongoServerError, type Db } from 'mongodb';
import type { PersonRepository } from '../../../application/sales/ports';
import type { SdrPersonDirectory } from '../../../application/sdr/ports';
import type { Person } from '../../../domain/sales/sale';
import { peopleCollection, toPerson, toPersonDocument } from './people-collection';

export class MongoPersonRepository implements PersonRepository, SdrPersonDirectory {
  constructor(private readonly db: Db) {}

  async saveByCpf(person: Person): Promise<Person> {
    const people = peopleCollection(this.db);
    if (person.cpf === null) {
      await people.insertOne(toPersonDocument(person));
      return person;
    }
    const { _id, createdAt, ...fields } = toPersonDocument(person);
    // One atomic upsert keyed by the unique CPF; two concurrent upserts of a new CPF can both try to
    // insert, and the loser retries as an update.
    for (let attempt = 0; ; attempt += 1) {
      try {
        const saved = await people.findOneAndUpdate(
          { cpf: person.cpf },
          { $set: fields, $setOnInsert: { _id, createdAt } },
          { upsert: true, returnDocument: 'after' },
        );
        if (saved === null) throw new Error('upsert returned no document');
        return toPerson(saved);
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === 11000) || attempt >= 2) throw error;
      }
    }
  }

  async findById(id: string): Promise<Person | undefined> {
    const doc = await peopleCollection(this.db).findOne({ _id: id });
    return doc === null ? undefined : toPerson(doc);
  }

  // SDR lookups (CONTRACT 3.4).
  async findByPhoneKey(key: string): Promise<Person[]> {
    const docs = await peopleCollection(this.db).find({ phoneKeys: key }).toArray();
    return docs.map(toPerson);
  }

  async findByCpf(cpf: string): Promise<Person | undefined> {
    const doc = await peopleCollection(this.db).findOne({ cpf });
    return doc === null ? undefined : toPerson(doc);
  }

  async insertMinimal(person: Person): Promise<'inserted' | 'cpf-taken'> {
    try {
      await peopleCollection(this.db).insertOne(toPersonDocument(person));
      return 'inserted';
    } catch (error) {
      if (person.cpf !== null && error instanceof MongoServerError && error.code === 11000) return 'cpf-taken';
      throw error;
    }
  }
}
