import type { Db } from 'mongodb';
import type {
  ErasedInteractionFacts,
  ErasedPersonFacts,
  ErasedSubjectStore,
} from '../../../application/privacy/data-checks/ports';
import { peopleCollection } from '../sales/people-collection';
import { salesCollection } from '../sales/sales-collection';
import { sdrInteractionsCollection, sdrNotesCollection } from '../sdr/sdr-interactions-collection';

/** The records erasures marked (`erasedAt`, indexed), for `check-data` (erased-subjects). Reads only. */
export class MongoErasedSubjectStore implements ErasedSubjectStore {
  constructor(private readonly db: Db) {}

  async *erasedPersons(batchSize: number): AsyncIterable<readonly ErasedPersonFacts[]> {
    const people = peopleCollection(this.db).find({ erasedAt: { $type: 'date' } }, { sort: { erasedAt: 1 } });
    for await (const batch of batches(people, batchSize)) {
      const sales = await salesCollection(this.db)
        .find({ personId: { $in: batch.map((person) => person._id) } })
        .toArray();
      yield batch.map(({ _id, erasedAt: _erasedAt, createdAt: _c, updatedAt: _u, ...fields }) => ({
        id: _id,
        fields,
        sales: sales
          .filter((sale) => sale.personId === _id)
          .map((sale) => ({
            id: sale._id,
            address: sale.address,
            chassis: sale.vehicle?.chassi,
            renavam: sale.vehicle?.renavan,
          })),
      }));
    }
  }

  async *erasedInteractions(batchSize: number): AsyncIterable<readonly ErasedInteractionFacts[]> {
    const interactions = sdrInteractionsCollection(this.db).find(
      { erasedAt: { $type: 'date' } },
      { sort: { erasedAt: 1 } },
    );
    for await (const batch of batches(interactions, batchSize)) {
      const notes = await sdrNotesCollection(this.db)
        .find({ interactionId: { $in: batch.map((i) => i._id) } })
        .toArray();
      yield batch.map((interaction) => ({
        id: interaction._id,
        phone: interaction.phone,
        notes: notes.filter((note) => note.interactionId === interaction._id).map((note) => note.text),
      }));
    }
  }
}

async function* batches<T>(cursor: AsyncIterable<T>, size: number): AsyncIterable<T[]> {
  let batch: T[] = [];
  for await (const item of cursor) {
    batch.push(item);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
