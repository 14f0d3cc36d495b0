import * as t from 'io-ts';
import { nullable, oneOf } from '../../shared/codecs';
import type { LinkedPolicy } from '../../../../application/policies/policy-view';
import { POLICY_PRODUCTS, POLICY_STATUSES } from '../../../../domain/policies/policy';
import { Integer, IsoTimestamp } from '../../shared/openapi/json-schema';

const PolicyStatusCodec = oneOf(POLICY_STATUSES);

export const PolicyView = t.type({
  id: t.string,
  policyNumber: t.string,
  cpf: t.string,
  personId: nullable(t.string),
  saleId: nullable(t.string),
  insurer: t.string,
  product: oneOf(POLICY_PRODUCTS),
  status: PolicyStatusCodec,
  premiumCents: Integer,
  startDate: t.string,
  endDate: t.string,
  vehiclePlate: nullable(t.string),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
});

export const PolicyWithHistoryView = t.type({
  ...PolicyView.props,
  history: t.array(t.type({ from: PolicyStatusCodec, to: PolicyStatusCodec, at: IsoTimestamp, userId: t.string, reason: nullable(t.string) })),
});

/** CONTRACT 8.6: a policy in answers. */
export const policyBody = (policy: LinkedPolicy): t.TypeOf<typeof PolicyView> => ({
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
export const policyWithHistoryBody = (policy: LinkedPolicy): t.TypeOf<typeof PolicyWithHistoryView> => ({
  ...policyBody(policy),
  history: policy.history.map((change) => ({ from: change.from, to: change.to, at: change.at.toISOString(), userId: change.userId, reason: change.reason })),
});
