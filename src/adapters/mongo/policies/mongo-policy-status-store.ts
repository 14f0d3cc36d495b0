import type { Db } from 'mongodb';
import type { PolicyStatusRecord, PolicyStatusStore } from '../../../application/policies/data-checks/ports';
import { asString, idText } from '../shared/stored-values';
import { policiesCollection } from './policy-collection';

/** Every policy's status and history moves, for `check-data` (policy-status-history). Reads only. */
export class MongoPolicyStatusStore implements PolicyStatusStore {
  constructor(private readonly db: Db) {}

  async *policies(batchSize: number): AsyncIterable<readonly PolicyStatusRecord[]> {
    let batch: PolicyStatusRecord[] = [];
    for await (const doc of policiesCollection(this.db)
      .find({}, { sort: { _id: 1 } })
      .batchSize(batchSize)) {
      const history: unknown = doc.history;
      batch.push({
        id: idText(doc._id),
        status: asString(doc.status),
        history: Array.isArray(history)
          ? history.map((entry: { from?: unknown; to?: unknown }) => ({
              from: asString(entry?.from),
              to: asString(entry?.to),
            }))
          : [],
      });
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }
}
