import type { Policy } from '../../domain/policies/policy';
import type { PolicyPersonDirectory } from './ports';

/** A policy as answered: with the id of the person holding its CPF, or null. */
export interface LinkedPolicy extends Policy {
  readonly personId: string | null;
}

/** Looks up the persons of all the policies in one call. */
export async function linkPersons(people: PolicyPersonDirectory, policies: readonly Policy[]): Promise<LinkedPolicy[]> {
  if (policies.length === 0) return [];
  const ids = await people.personIdsByCpf([...new Set(policies.map((p) => p.cpf))]);
  return policies.map((policy) => ({ ...policy, personId: ids.get(policy.cpf) ?? null }));
}
