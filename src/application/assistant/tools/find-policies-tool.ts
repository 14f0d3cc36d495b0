import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { policyTermsOf } from '../../../domain/policies/policy-terms';
import { parseCpf } from '../../../domain/shared/cpf';
import type { FindPolicies } from '../../policies/find-policies';
import { EVERY_ROLE, toolArguments, type AssistantTool, defineTool } from '../tool';

const Arguments = toolArguments({ cpf: t.string }, {});

/** `find_policies {cpf}`: a customer's insurance policies, newest first (CONTRACT 8.6). */
export function findPoliciesTool(findPolicies: FindPolicies): AssistantTool {
  return defineTool({
    name: 'find_policies',
    description:
      'Lista as apólices de seguro de um cliente pelo CPF (mais recentes primeiro): número, seguradora, produto, ' +
      'status, prêmio e vigência.',
    roles: EVERY_ROLE,
    arguments: Arguments,
    async run(args) {
      const cpf = parseCpf(args.cpf);
      if (E.isLeft(cpf)) return E.left('cpf must be a valid CPF (11 digits, check digits)');
      const policies = await findPolicies.execute({ cpf: cpf.right });
      if (E.isLeft(policies)) return E.right({ cpf: cpf.right, policies: [] });
      return E.right({
        cpf: cpf.right,
        // Each policy's terms but the CPF, which the answer names once.
        policies: policies.right.map((policy) => {
          const { cpf: _asked, ...terms } = policyTermsOf(policy);
          return terms;
        }),
      });
    },
  });
}
