import type { IsoDate, Policy } from '../../../domain/policies/policy';
import { policyTermsOf } from '../../../domain/policies/policy-terms';
import type { Cpf } from '../../../domain/shared/cpf';
import type { PolicyDocument } from './policy-collection';

export const insurerKeyOf = (insurer: string): string => insurer.toLowerCase();

export function toPolicyDocument(policy: Policy): PolicyDocument {
  return {
    _id: policy.id,
    ...policyTermsOf(policy),
    insurerKey: insurerKeyOf(policy.insurer),
    history: policy.history.map((change) => ({ ...change })),
    createdAt: policy.createdAt,
    updatedAt: policy.updatedAt,
  };
}

export function toPolicy(doc: PolicyDocument): Policy {
  return {
    id: doc._id,
    ...policyTermsOf(doc),
    // Written from a Policy: the CPF and the dates were validated before they were stored.
    cpf: doc.cpf as Cpf,
    startDate: doc.startDate as IsoDate,
    endDate: doc.endDate as IsoDate,
    history: doc.history.map((change) => ({
      from: change.from,
      to: change.to,
      at: change.at,
      userId: change.userId,
      reason: change.reason,
    })),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}
