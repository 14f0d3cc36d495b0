import type { Db } from 'mongodb';
import type { ErasedLeadFacts, ErasedLeadStore } from '../../../../application/hub-leads/data-checks/ports';
import { idText } from '../../shared/stored-values';
import { leadCollection } from '../leads/lead-collection';

/** The leads a privacy erasure marked (`erased: true`), for `check-data` (erased-subjects-leads). Reads only. */
export class MongoErasedLeadStore implements ErasedLeadStore {
  constructor(private readonly db: Db) {}

  async *erasedLeads(batchSize: number): AsyncIterable<readonly ErasedLeadFacts[]> {
    let batch: ErasedLeadFacts[] = [];
    for await (const doc of leadCollection(this.db)
      .find({ erased: true }, { sort: { _id: 1 } })
      .batchSize(batchSize)) {
      batch.push({
        id: idText(doc._id),
        title: doc.title,
        name: doc.name,
        phone: doc.phone,
        email: doc.email,
        emailKey: doc.emailKey,
        externalId: doc.externalId,
        fieldCount: Array.isArray(doc.fields) ? doc.fields.length : 1,
        valueKeyCount: doc.valueKeys === undefined ? 0 : Array.isArray(doc.valueKeys) ? doc.valueKeys.length : 1,
      });
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }
}
