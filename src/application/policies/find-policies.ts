import * as E from 'fp-ts/Either';
import type { Cpf } from '../../domain/shared/cpf';
import { UNPAGED_LIST_LIMIT } from '../shared/page';
import type { PolicyNotFound } from './errors';
import { linkPersons, type LinkedPolicy } from './policy-view';
import type { PolicyPersonDirectory, PolicyRepository } from './ports';

export type FindPoliciesInput = { readonly cpf: Cpf } | { readonly policyNumber: string };

/**
 * GET /policy (API key, CONTRACT 8.6, 11.4): a CPF's 500 newest policies, newest first (none is an empty list), or the
 * one policy of a number (an unknown number is PolicyNotFound).
 */
export class FindPolicies {
  constructor(
    private readonly policies: PolicyRepository,
    private readonly people: PolicyPersonDirectory,
  ) {}

  async execute(input: FindPoliciesInput): Promise<E.Either<PolicyNotFound, LinkedPolicy[]>> {
    if ('cpf' in input)
      return E.right(await linkPersons(this.people, await this.policies.findByCpf(input.cpf, UNPAGED_LIST_LIMIT)));
    const policy = await this.policies.findByNumber(input.policyNumber);
    if (policy === undefined) return E.left({ _tag: 'PolicyNotFound' });
    return E.right(await linkPersons(this.people, [policy]));
  }
}
