import { UNPAGED_LIST_LIMIT } from '../../../../application/shared/page';
import { withKeywords } from '../../shared/openapi/json-schema';
import Router from '@koa/router';
import type { ChangePolicyStatus } from '../../../../application/policies/change-policy-status';
import type { CreatePolicy } from '../../../../application/policies/create-policy';
import type { FindPolicies } from '../../../../application/policies/find-policies';
import type { GetPolicy } from '../../../../application/policies/get-policy';
import type { ListPolicies } from '../../../../application/policies/list-policies';
import { apiKeyGuard, combinedGuard, type GuardDeps } from '../guards';
import * as t from 'io-ts';
import { documented } from '../../shared/openapi/documented-router';
import {
  decodePolicyCreation,
  decodePolicyListQuery,
  decodePolicyLookup,
  decodePolicyStatusChange,
  PolicyCreationBody,
  PolicyListQuery,
  PolicyLookupQuery,
  PolicyStatusChangeBody,
} from './policy-codecs';
import { policyBody, PolicyView, policyWithHistoryBody, PolicyWithHistoryView } from './policy-views';
import { salesError, SALES_SECURITY } from '../sales-openapi';
import { requireIdentity } from '../request-identity';
import { pageBody, pageView } from '../../shared/decoding/page-query';
import { orHttpError } from '../sales-error-mapping';

export interface PolicyRoutesDeps {
  readonly guards: GuardDeps;
  readonly findPolicies: FindPolicies;
  readonly listPolicies: ListPolicies;
  readonly createPolicy: CreatePolicy;
  readonly getPolicy: GetPolicy;
  readonly changePolicyStatus: ChangePolicyStatus;
}

const notFound = salesError('`Policy not found`');
const badQuery = salesError('A query parameter is invalid or repeated (one message per problem)');
const invalidBody = salesError('The body is invalid (one message per problem; unknown keys are refused)');
const id = { id: 'The policy id' };
const lookupSpec = {
  summary: 'The policies of a customer (by CPF) or one policy (by number), for integrations',
  query: PolicyLookupQuery,
  responses: {
    200: {
      description:
        `At most ${UNPAGED_LIST_LIMIT} policies, newest first (by startDate, then createdAt): ` +
        'the newest of a CPF with more (`[]` for a CPF without policies)',
      body: t.type({ data: withKeywords(t.array(PolicyView), { maxItems: UNPAGED_LIST_LIMIT }) }),
    },
    400: badQuery,
    404: notFound,
  },
};
const listSpec = {
  summary: 'Policies, filtered, a page at a time',
  query: PolicyListQuery,
  responses: { 200: { description: 'A page of policies', body: pageView(PolicyView) }, 400: badQuery },
};
const createSpec = {
  summary: 'Creates a policy (pending, or active when it arrives in force)',
  body: PolicyCreationBody,
  responses: {
    201: { description: 'Created', body: PolicyWithHistoryView },
    400: invalidBody,
    409: salesError('`Policy number <number> already exists`'),
  },
};
const getSpec = {
  summary: 'One policy with its status history',
  pathParameters: id,
  responses: { 200: { description: 'The policy', body: PolicyWithHistoryView }, 404: notFound },
};
const statusSpec = {
  summary: "Changes a policy's status (its state machine), recorded in its history",
  pathParameters: id,
  body: PolicyStatusChangeBody,
  responses: {
    200: { description: 'The policy with its history', body: PolicyWithHistoryView },
    400: invalidBody,
    404: notFound,
    409: salesError('`Invalid policy status transition from <from> to <to>`'),
  },
};

/** Spec part 4 "Policy endpoints", CONTRACT 8.6 and 8.7 (every role). */
export function policyRoutes(deps: PolicyRoutesDeps): Router {
  const router = new Router();
  const combined = combinedGuard(deps.guards);
  const integrations = documented(router, { tag: 'Policies', security: SALES_SECURITY.apiKeyOnly });
  const api = documented(router, { tag: 'Policies', security: SALES_SECURITY.jwtOrApiKey });

  // Integrations: an API key (x-api-key, or Bearer <key>).
  integrations.get('/policy', lookupSpec, apiKeyGuard(deps.guards), async (ctx) => {
    const policies = orHttpError(await deps.findPolicies.execute(decodePolicyLookup(ctx.query)));
    ctx.body = { data: policies.map(policyBody) };
  });

  api.get('/api/policies', listSpec, combined, async (ctx) => {
    const { filter, page, limit } = decodePolicyListQuery(ctx.query);
    ctx.body = pageBody(
      orHttpError(await deps.listPolicies.execute({ filter, page, limit })),
      { page, limit },
      policyBody,
    );
  });

  api.post('/api/policies', createSpec, combined, async (ctx) => {
    const policy = orHttpError(await deps.createPolicy.execute(decodePolicyCreation(ctx.request.body)));
    ctx.status = 201;
    ctx.body = policyWithHistoryBody(policy);
  });

  api.get('/api/policies/:id', getSpec, combined, async (ctx) => {
    ctx.body = policyWithHistoryBody(orHttpError(await deps.getPolicy.execute(ctx.params.id ?? '')));
  });

  api.patch('/api/policies/:id/status', statusSpec, combined, async (ctx) => {
    const change = decodePolicyStatusChange(ctx.request.body);
    const policy = orHttpError(
      await deps.changePolicyStatus.execute({
        id: ctx.params.id ?? '',
        to: change.status,
        reason: change.reason,
        userId: requireIdentity(ctx).id,
      }),
    );
    ctx.body = policyWithHistoryBody(policy);
  });

  return router;
}
