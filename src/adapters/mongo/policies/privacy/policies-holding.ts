import type { Db } from 'mongodb';
import type { HoldingReader } from '../../../../application/shared/privacy/holding';
import type { Subject } from '../../../../application/shared/privacy/subject';
import type { Policy } from '../../../../domain/policies/policy';
import { policiesCollection } from '../policy-collection';
import { toPolicy } from '../policy-mapper';

/** `policies` (CONTRACT 12.1): the policies of the subject's CPFs, with their status history. */
export class MongoPoliciesHolding implements HoldingReader {
  constructor(private readonly db: Db) {}

  async count(subject: Subject): Promise<number> {
    if (subject.cpfs.length === 0) return 0;
    return policiesCollection(this.db).countDocuments({ cpf: { $in: [...subject.cpfs] } });
  }

  async *documents(subject: Subject): AsyncIterable<Policy> {
    if (subject.cpfs.length === 0) return;
    const cursor = policiesCollection(this.db)
      .find({ cpf: { $in: [...subject.cpfs] } })
      .batchSize(200);
    for await (const doc of cursor) yield toPolicy(doc);
  }
}
