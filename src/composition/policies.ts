import type { Container } from 'inversify';
import { ChangePolicyStatus } from '../application/policies/change-policy-status';
import { CreatePolicy } from '../application/policies/create-policy';
import { FindPolicies } from '../application/policies/find-policies';
import { GetPolicy } from '../application/policies/get-policy';
import { ImportPolicies } from '../application/policies/import-policies';
import { ListPolicies } from '../application/policies/list-policies';
import { PolicyPersonDirectory, PolicyRepository } from '../application/policies/ports';
import type { GuardDeps } from '../adapters/http/sales/guards';
import { policyRoutes } from '../adapters/http/sales/policies/policy-routes';
import { policiesAreaIndexes } from '../adapters/mongo/policies/indexes';
import { MongoPolicyPersonDirectory } from '../adapters/mongo/policies/mongo-policy-person-directory';
import { MongoPolicyRepository } from '../adapters/mongo/policies/mongo-policy-repository';
import { bindPort } from './container';
import { sharedPorts, type Platform } from './platform';

export type PoliciesArea = ReturnType<typeof composePolicies>;

/** Insurance policies: the API-key lookup, the operators' routes and the CSV import (CONTRACT 8.6). */
export function composePolicies(container: Container, platform: Platform, guards: GuardDeps) {
  const { clock, ids } = sharedPorts(container);
  const policies = bindPort(container, PolicyRepository, new MongoPolicyRepository(platform.db));
  const people = bindPort(container, PolicyPersonDirectory, new MongoPolicyPersonDirectory(platform.db));
  const useCases = {
    findPolicies: new FindPolicies(policies, people),
    listPolicies: new ListPolicies(policies, people),
    createPolicy: new CreatePolicy(policies, people, clock, ids),
    getPolicy: new GetPolicy(policies, people),
    changePolicyStatus: new ChangePolicyStatus(policies, people, clock),
    importPolicies: new ImportPolicies(policies, clock, ids),
  };
  const routers = [policyRoutes({ guards, ...useCases })];
  return { service: 'sales' as const, useCases, routers, indexes: policiesAreaIndexes };
}
