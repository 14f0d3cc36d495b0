import * as t from 'io-ts';
import { nullable, oneOf } from '../../shared/decoding/codecs';
import type { LinkedPolicy } from '../../../../application/policies/policy-view';
import { POLICY_PRODUCTS, POLICY_STATUSES } from '../../../../domain/policies/policy';
import { policyTermsOf, type PolicyTerm } from '../../../../domain/policies/policy-terms';
import { Integer, IsoTimestamp } from '../../shared/openapi/json-schema';

const PolicyStatusCodec = oneOf(POLICY_STATUSES);

/** The wire form of each term of a policy: the compiler holds this to the one list (POLICY_TERMS). */
const TERM_CODECS = {
  policyNumber: t.string,
  cpf: t.string,
  saleId: nullable(t.string),
  insurer: t.string,
  product: oneOf(POLICY_PRODUCTS),
  status: PolicyStatusCodec,
  premiumCents: Integer,
  startDate: t.string,
  endDate: t.string,
  vehiclePlate: nullable(t.string),
} satisfies { readonly [K in PolicyTerm]: t.Mixed };
const { policyNumber, cpf, ...otherTerms } = TERM_CODECS;

export const PolicyView = t.type({
  id: t.string,
  policyNumber,
  cpf,
  personId: nullable(t.string),
  ...otherTerms,
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
});

export const PolicyWithHistoryView = t.type({
  ...PolicyView.props,
  history: t.array(
    t.type({
      from: PolicyStatusCodec,
      to: PolicyStatusCodec,
      at: IsoTimestamp,
      userId: t.string,
      reason: nullable(t.string),
    }),
  ),
});

/** CONTRACT 8.6: a policy in answers. */
export const policyBody = (policy: LinkedPolicy): t.TypeOf<typeof PolicyView> => {
  const { policyNumber, cpf, ...terms } = policyTermsOf(policy);
  // The person's id after the CPF it is found by, as the answers always listed it.
  return {
    id: policy.id,
    policyNumber,
    cpf,
    personId: policy.personId,
    ...terms,
    createdAt: policy.createdAt.toISOString(),
    updatedAt: policy.updatedAt.toISOString(),
  };
};

/** GET /api/policies/{id} and the status change: the policy with its status history, oldest first. */
export const policyWithHistoryBody = (policy: LinkedPolicy): t.TypeOf<typeof PolicyWithHistoryView> => ({
  ...policyBody(policy),
  history: policy.history.map((change) => ({
    from: change.from,
    to: change.to,
    at: change.at.toISOString(),
    userId: change.userId,
    reason: change.reason,
  })),
});
