import Router from '@koa/router';
import type { ChangePolicyStatus } from '../../../application/policies/change-policy-status';
import type { CreatePolicy } from '../../../application/policies/create-policy';
import type { FindPolicies } from '../../../application/policies/find-policies';
import type { GetPolicy } from '../../../application/policies/get-policy';
import type { ListPolicies } from '../../../application/policies/list-policies';
import { apiKeyGuard, combinedGuard, type GuardDeps } from './guards';
import { decodePolicyCreation, decodePolicyListQuery, decodePolicyLookup, decodePolicyStatusChange } from './policy-codecs';
import { policyBody, policyWithHistoryBody } from './policy-views';
import { requireIdentity } from './request-identity';
import { pageBody } from './sale-views';
import { orHttpError } from './sales-error-mapping';

export interface PolicyRoutesDeps {
  readonly guards: GuardDeps;
  readonly findPolicies: FindPolicies;
  readonly listPolicies: ListPolicies;
  readonly createPolicy: CreatePolicy;
  readonly getPolicy: GetPolicy;
  readonly changePolicyStatus: ChangePolicyStatus;
}

/** Spec part 4 "Policy endpoints", CONTRACT 8.6 and 8.7 (every role). */
export function policyRoutes(deps: PolicyRoutesDeps): Router {
  const router = new Router();
  const combined = combinedGuard(deps.guards);

  // Integrations: an API key (x-api-key, or Bearer <key>).
  router.get('/policy', apiKeyGuard(deps.guards), async (ctx) => {
    const policies = orHttpError(await deps.findPolicies.execute(decodePolicyLookup(ctx.query)));
    ctx.body = { data: policies.map(policyBody) };
  });

  router.get('/api/policies', combined, async (ctx) => {
    const { filter, page, limit } = decodePolicyListQuery(ctx.query);
    ctx.body = pageBody(orHttpError(await deps.listPolicies.execute({ filter, page, limit })), { page, limit }, policyBody);
  });

  router.post('/api/policies', combined, async (ctx) => {
    const policy = orHttpError(await deps.createPolicy.execute(decodePolicyCreation(ctx.request.body)));
    ctx.status = 201;
    ctx.body = policyWithHistoryBody(policy);
  });

  router.get('/api/policies/:id', combined, async (ctx) => {
    ctx.body = policyWithHistoryBody(orHttpError(await deps.getPolicy.execute(ctx.params.id ?? '')));
  });

  router.patch('/api/policies/:id/status', combined, async (ctx) => {
    const change = decodePolicyStatusChange(ctx.request.body);
    const policy = orHttpError(
      await deps.changePolicyStatus.execute({ id: ctx.params.id ?? '', to: change.status, reason: change.reason, userId: requireIdentity(ctx).id }),
    );
    ctx.body = policyWithHistoryBody(policy);
  });

  return router;
}
