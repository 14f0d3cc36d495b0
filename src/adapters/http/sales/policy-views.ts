import type { LinkedPolicy } from '../../../application/policies/policy-view';

/** CONTRACT 8.6: a policy in answers. */
export const policyBody = (policy: LinkedPolicy) => ({
  id: policy.id,
  policyNumber: policy.policyNumber,
  cpf: policy.cpf,
  personId: policy.personId,
  saleId: policy.saleId,
  insurer: policy.insurer,
  product: policy.product,
  status: policy.status,
  premiumCents: policy.premiumCents,
  startDate: policy.startDate,
  endDate: policy.endDate,
  vehiclePlate: policy.vehiclePlate,
  createdAt: policy.createdAt.toISOString(),
  updatedAt: policy.updatedAt.toISOString(),
});

/** GET /api/policies/{id} and the status change: the policy with its status history, oldest first. */
export const policyWithHistoryBody = (policy: LinkedPolicy) => ({
  ...policyBody(policy),
  history: policy.history.map((change) => ({ from: change.from, to: change.to, at: change.at.toISOString(), userId: change.userId, reason: change.reason })),
});
