import type { Db } from 'mongodb';
import type { PolicyPersonDirectory } from '../../../application/policies/ports';
import type { Cpf } from '../../../domain/shared/cpf';
import { peopleCollection } from '../sales/people-collection';

/** The people of the sales area, looked up by CPF (their unique index). */
export class MongoPolicyPersonDirectory implements PolicyPersonDirectory {
  constructor(private readonly db: Db) {}

  async personIdsByCpf(cpfs: readonly Cpf[]): Promise<ReadonlyMap<Cpf, string>> {
    if (cpfs.length === 0) return new Map();
    const docs = await peopleCollection(this.db)
      .find({ cpf: { $in: [...cpfs] } })
      .toArray();
    return new Map(docs.flatMap((doc) => (typeof doc.cpf === 'string' ? [[doc.cpf as Cpf, doc._id] as const] : [])));
  }
}
