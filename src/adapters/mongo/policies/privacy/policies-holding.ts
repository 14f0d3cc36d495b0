import type { Db } from 'mongodb';
import type { HoldingReader } from '../../../../application/shared/privacy/holding';
import type { Subject } from '../../../../application/shared/privacy/subject';
import { linkPersons, type LinkedPolicy } from '../../../../application/policies/policy-view';
import type { PolicyPersonDirectory } from '../../../../application/policies/ports';
import { policiesCollection } from '../policy-collection';
import { toPolicy } from '../policy-mapper';

/** `policies` (CONTRACT 12.1): the policies of the subject's CPFs, with their status history and
 * the person holding the CPF. */
export class MongoPoliciesHolding implements HoldingReader {
  constructor(
    private readonly db: Db,
    private readonly people: PolicyPersonDirectory,
  ) {}

  async count(subject: Subject): Promise<number> {
    if (subject.cpfs.length === 0) return 0;
    return policiesCollection(this.db).countDocuments({ cpf: { $in: [...subject.cpfs] } });
  }

  /** Each policy with the id of the person holding its CPF (what the API's policy views read). */
  async *documents(subject: Subject): AsyncIterable<LinkedPolicy> {
    if (subject.cpfs.length === 0) return;
    const cursor = policiesCollection(this.db)
      .find({ cpf: { $in: [...subject.cpfs] } })
      .batchSize(200);
    for await (const doc of cursor) yield* await linkPersons(this.people, [toPolicy(doc)]);
  }
}
