import type { ChangePolicyStatusError } from '../../../../application/policies/change-policy-status';
import type { PolicyNotFound, PolicyNumberTaken } from '../../../../application/policies/errors';
import type { ErrorMapping } from '../../shared/errors/error-mapping';
import { HttpError } from '../../shared/errors/http-error';

/** The errors of the policy routes. */
export type PolicyRouteError = PolicyNotFound | PolicyNumberTaken | ChangePolicyStatusError;

/** CONTRACT 8.6. */
export const policyErrors: ErrorMapping<PolicyRouteError> = {
  PolicyNotFound: () => new HttpError(404, 'Policy not found'),
  PolicyNumberTaken: (error) => new HttpError(409, `Policy number ${error.policyNumber} already exists`),
  InvalidPolicyStatusTransition: (error) =>
    new HttpError(409, `Invalid policy status transition from ${error.from} to ${error.to}`),
};
