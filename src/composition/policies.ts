import { ContainerModule } from 'inversify';
import { ChangePolicyStatus } from '../application/policies/change-policy-status';
import { CreatePolicy } from '../application/policies/create-policy';
import { FindPolicies } from '../application/policies/find-policies';
import { GetPolicy } from '../application/policies/get-policy';
import { ImportPolicies } from '../application/policies/import-policies';
import { ListPolicies } from '../application/policies/list-policies';
import { PolicyPersonDirectory, PolicyRepository } from '../application/policies/ports';
import { policyRoutes } from '../adapters/http/sales/policies/policy-routes';
import { policiesAreaIndexes } from '../adapters/mongo/policies/indexes';
import { MongoPolicyStatusStore } from '../adapters/mongo/policies/mongo-policy-status-store';
import { PolicyStatusStore } from '../application/policies/data-checks/ports';
import { policyStatusHistory } from '../application/policies/data-checks/policy-status-history';
import { MongoPolicyPersonDirectory } from '../adapters/mongo/policies/mongo-policy-person-directory';
import { MongoPolicyRepository } from '../adapters/mongo/policies/mongo-policy-repository';
import { MongoPoliciesHolding } from '../adapters/mongo/policies/privacy/policies-holding';
import { policyWithHistoryBody } from '../adapters/http/sales/policies/policy-views';
import { viewed } from '../application/shared/privacy/subject-values';
import { Clock, IdGenerator } from '../application/shared/ports';
import { token, type Token } from '../application/shared/token';
import { provide, type Resolve } from './container';
import { Platform } from './platform';
import { SalesGuards } from './sales-identity';

/** Insurance policies: the API-key lookup, the operators' routes and the CSV import (CONTRACT 8.6). */
export const policiesModule = new ContainerModule(({ bind }) => {
  provide(bind, PolicyRepository, (get) => new MongoPolicyRepository(get(Platform).db));
  provide(bind, PolicyPersonDirectory, (get) => new MongoPolicyPersonDirectory(get(Platform).db));
  provide(bind, PolicyStatusStore, (get) => new MongoPolicyStatusStore(get(Platform).db));
  provide(bind, PoliciesUseCases, policiesUseCases);
  provide(bind, PoliciesArea, policiesArea);
});

function policiesUseCases(get: Resolve) {
  const clock = get(Clock);
  const ids = get(IdGenerator);
  const policies = get(PolicyRepository);
  const people = get(PolicyPersonDirectory);
  return {
    findPolicies: new FindPolicies(policies, people),
    listPolicies: new ListPolicies(policies, people),
    createPolicy: new CreatePolicy(policies, people, clock, ids),
    getPolicy: new GetPolicy(policies, people),
    changePolicyStatus: new ChangePolicyStatus(policies, people, clock),
    importPolicies: new ImportPolicies(policies, clock, ids),
  };
}
export type PoliciesUseCases = ReturnType<typeof policiesUseCases>;
export const PoliciesUseCases: Token<PoliciesUseCases> = token('PoliciesUseCases');

function policiesArea(get: Resolve) {
  const useCases = get(PoliciesUseCases);
  const routers = [policyRoutes({ guards: get(SalesGuards), ...useCases })];
  // A policy's status and its history (CONTRACT 8.6, 10.2).
  const dataChecks = [{ position: 40, check: policyStatusHistory(get(PolicyStatusStore)) }];
  // The policies of a subject's CPFs, with their history (CONTRACT 12.1).
  const reader = new MongoPoliciesHolding(get(Platform).db, get(PolicyPersonDirectory));
  const holdings = [{ store: 'policies', position: 70, reader: viewed(reader, policyWithHistoryBody) }];
  return { service: 'sales' as const, useCases, routers, indexes: policiesAreaIndexes, dataChecks, holdings };
}
export type PoliciesArea = ReturnType<typeof policiesArea>;
export const PoliciesArea: Token<PoliciesArea> = token('PoliciesArea');
