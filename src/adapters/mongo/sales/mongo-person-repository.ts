import type { Db } from 'mongodb';
import type { PersonRepository } from '../../../application/sales/ports';
import type { MinimalInsert, SdrPersonDirectory } from '../../../application/sdr/ports';
import type { Person } from '../../../domain/sales/sale';
import type { Cpf } from '../../../domain/shared/cpf';
import { isDuplicateKey } from '../shared/mongo-errors';
import { peopleCollection, type PersonDocument } from './people-collection';
import { toPerson, toPersonDocument } from './person-mapper';

export class MongoPersonRepository implements PersonRepository, SdrPersonDirectory {
  constructor(private readonly db: Db) {}

  private get people() {
    return peopleCollection(this.db);
  }

  async saveByCpf(person: Person): Promise<Person> {
    if (person.cpf === null) {
      await this.people.insertOne(toPersonDocument(person));
      return person;
    }
    const { _id, createdAt, ...fields } = toPersonDocument(person);
    // One atomic upsert keyed by the unique CPF; two concurrent upserts of a new CPF can both try to
    // insert, and the loser retries as an update.
    for (let attempt = 0; ; attempt += 1) {
      try {
        const saved = await this.people.findOneAndUpdate(
          { cpf: person.cpf },
          // A person saved for a sale is no longer minimal: it releases its minimal phone key.
          { $set: fields, $setOnInsert: { _id, createdAt }, $unset: { minimalPhoneKey: '' } },
          { upsert: true, returnDocument: 'after' },
        );
        if (saved === null) throw new Error('upsert returned no document');
        return toPerson(saved);
      } catch (error) {
        if (!isDuplicateKey(error) || attempt >= 2) throw error;
      }
    }
  }

  // SDR lookups (CONTRACT 3.4), each one indexed query: `unique_cpf` and `by_phone_key`.
  async findByPhoneKey(key: string): Promise<Person[]> {
    return (await this.people.find({ phoneKeys: key }).toArray()).map(toPerson);
  }

  async findByCpf(cpf: Cpf): Promise<Person | undefined> {
    const doc = await this.people.findOne({ cpf });
    return doc === null ? undefined : toPerson(doc);
  }

  async findByCpfOrPhoneKey(cpf: Cpf | undefined, phoneKey: string): Promise<Person[]> {
    const filter = cpf === undefined ? { phoneKeys: phoneKey } : { $or: [{ cpf }, { phoneKeys: phoneKey }] };
    return (await this.people.find(filter).toArray()).map(toPerson);
  }

  async insertMinimal(person: Person): Promise<MinimalInsert> {
    const doc = toPersonDocument(person);
    const minimalPhoneKey = doc.phoneKeys?.[0];
    try {
      if (minimalPhoneKey === undefined) {
        await this.people.insertOne(doc);
        return { outcome: 'inserted' };
      }
      return await this.upsertByMinimalPhoneKey({ ...doc, minimalPhoneKey });
    } catch (error) {
      if (person.cpf !== null && isDuplicateKey(error)) return { outcome: 'cpf-taken' };
      throw error;
    }
  }

  /**
   * One atomic upsert keyed by the unique `minimalPhoneKey`. Two concurrent upserts of a new key can
   * both try to insert; the loser retries and finds the winner. A duplicate key on the retry is the CPF.
   */
  private async upsertByMinimalPhoneKey(doc: PersonDocument & { minimalPhoneKey: string }): Promise<MinimalInsert> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const stored = await this.people.findOneAndUpdate(
          { minimalPhoneKey: doc.minimalPhoneKey },
          { $setOnInsert: doc },
          { upsert: true, returnDocument: 'after' },
        );
        if (stored === null) throw new Error('upsert returned no document');
        return stored._id === doc._id ? { outcome: 'inserted' } : { outcome: 'phone-taken', holder: toPerson(stored) };
      } catch (error) {
        if (!isDuplicateKey(error) || attempt >= 1) throw error;
      }
    }
  }
}
