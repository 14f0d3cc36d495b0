import type { Db } from 'mongodb';
import { REMOVED } from '../../../../domain/privacy/erasure';
import { redactText } from '../../../../domain/privacy/erasure-text';
import type { ErasureContext, ErasureStep } from '../../../../application/privacy/ports';
import { policiesCollection } from '../../policies/policy-collection';

/**
 * `policies` and their history (CONTRACT 12.4, LGPD art. 16 I): the policy stays with its number, insurer,
 * product, status, premium, dates and history; its CPF becomes `[removido]` (required), the plate null, and
 * the subject's values inside the history's reasons `[removido]`.
 */
export function policiesEraser(db: Db): ErasureStep {
  const policies = policiesCollection(db);
  const ofSubject = (context: ErasureContext) => policies.find({ cpf: { $in: [...context.subject.cpfs] } });
  return {
    store: 'policies',
    position: 70,
    count: (context) => policies.countDocuments({ cpf: { $in: [...context.subject.cpfs] } }),
    async erase(context) {
      let changed = 0;
      for (const policy of await ofSubject(context).toArray()) {
        const history = policy.history.map((change) => ({
          ...change,
          reason: change.reason === null ? null : redactText(change.reason, context.subject),
        }));
        const result = await policies.updateOne(
          { _id: policy._id, cpf: policy.cpf },
          { $set: { cpf: REMOVED, vehiclePlate: null, history } },
        );
        changed += result.modifiedCount;
      }
      return changed;
    },
  };
}
