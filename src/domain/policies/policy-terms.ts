import type { Policy } from './policy';

/**
 * The terms of a policy (CONTRACT 8.6): the fields its answers, its stored document and the
 * assistant's `find_policies` carry as they are, in the order the answers list them. The one list:
 * a new term is added here and reaches every one of them.
 */
export const POLICY_TERMS = [
  'policyNumber',
  'cpf',
  'saleId',
  'insurer',
  'product',
  'status',
  'premiumCents',
  'startDate',
  'endDate',
  'vehiclePlate',
] as const satisfies readonly (keyof Policy)[];

export type PolicyTerm = (typeof POLICY_TERMS)[number];

/** The terms of a policy, or of anything that holds them (a stored document). */
export function policyTermsOf<S extends { readonly [K in PolicyTerm]: unknown }>(source: S): Pick<S, PolicyTerm> {
  // Built from the list, key by key: exactly the terms, whatever else the source holds.
  return Object.fromEntries(POLICY_TERMS.map((term) => [term, source[term]])) as Pick<S, PolicyTerm>;
}
