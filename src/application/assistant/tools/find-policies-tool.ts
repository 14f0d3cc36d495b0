import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { parseCpf } from '../../../domain/shared/cpf';
import type { FindPolicies } from '../../policies/find-policies';
import { EVERY_ROLE, toolArguments, type AssistantTool, defineTool } from '../tool';

const Arguments = toolArguments({ cpf: t.string }, {});

/** `find_policies {cpf}`: a customer's insurance policies, newest first (CONTRACT 8.6). */
export function findPoliciesTool(findPolicies: FindPolicies): AssistantTool {
  return defineTool({
    name: 'find_policies',
    description: 'Lista as apólices de seguro de um cliente pelo CPF (mais recentes primeiro): número, seguradora, produto, status, prêmio e vigência.',
    roles: EVERY_ROLE,
    arguments: Arguments,
    async run(args) {
      const cpf = parseCpf(args.cpf);
      if (E.isLeft(cpf)) return E.left('cpf must be a valid CPF (11 digits, check digits)');
      const policies = await findPolicies.execute({ cpf: cpf.right });
      if (E.isLeft(policies)) return E.right({ cpf: cpf.right, policies: [] });
      return E.right({
        cpf: cpf.right,
        policies: policies.right.map((policy) => ({
          policyNumber: policy.policyNumber,
          insurer: policy.insurer,
          product: policy.product,
          status: policy.status,
          premiumCents: policy.premiumCents,
          startDate: policy.startDate,
          endDate: policy.endDate,
          vehiclePlate: policy.vehiclePlate,
          saleId: policy.saleId,
        })),
      });
    },
  });
}
