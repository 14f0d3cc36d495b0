import type { IsoDate, Policy } from '../../../domain/policies/policy';
import type { Cpf } from '../../../domain/shared/cpf';
import type { PolicyDocument } from './policy-collection';

export const insurerKeyOf = (insurer: string): string => insurer.toLowerCase();

export function toPolicyDocument(policy: Policy): PolicyDocument {
  return {
    _id: policy.id,
    policyNumber: policy.policyNumber,
    cpf: policy.cpf,
    saleId: policy.saleId,
    insurer: policy.insurer,
    insurerKey: insurerKeyOf(policy.insurer),
    product: policy.product,
    status: policy.status,
    premiumCents: policy.premiumCents,
    startDate: policy.startDate,
    endDate: policy.endDate,
    vehiclePlate: policy.vehiclePlate,
    history: policy.history.map((change) => ({ ...change })),
    createdAt: policy.createdAt,
    updatedAt: policy.updatedAt,
  };
}

export function toPolicy(doc: PolicyDocument): Policy {
  return {
    id: doc._id,
    policyNumber: doc.policyNumber,
    cpf: doc.cpf as Cpf,
    saleId: doc.saleId,
    insurer: doc.insurer,
    product: doc.product,
    status: doc.status,
    premiumCents: doc.premiumCents,
    startDate: doc.startDate as IsoDate,
    endDate: doc.endDate as IsoDate,
    vehiclePlate: doc.vehiclePlate,
    history: doc.history.map((change) => ({ from: change.from, to: change.to, at: change.at, userId: change.userId, reason: change.reason })),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}
