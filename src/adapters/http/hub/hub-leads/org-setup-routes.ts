import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import type { CreateLeadTemplate } from '../../../../application/hub-leads/create-lead-template';
import type { CreatePipeline } from '../../../../application/hub-leads/create-pipeline';
import type { ListLeadTemplates } from '../../../../application/hub-leads/list-lead-templates';
import type { ListPipelines } from '../../../../application/hub-leads/list-pipelines';
import type { Clock } from '../../../../application/shared/ports';
import { LEAD_PROVIDERS } from '../../../../domain/hub-leads/lead';
import { documented } from '../../shared/openapi/documented-router';
import { accessTokenGuard, hubAuthOf } from '../access-token-guard';
import { HUB_PREFIX } from '../hub-prefix';
import type { HubAccessTokens } from '../hub-access-tokens';
import { hubHttpError } from '../hub-error-mapping';
import { decodeBody, oneOfField, textField } from '../hub-codecs';
import { hubError, HUB_SECURITY, ORG_ROUTE_RESPONSES } from '../hub-openapi';
import { conditionPairs, LeadTemplateBody } from './lead-template-codec';
import { pipelineView, PipelineView, templateView, TemplateView } from './lead-views';
import { orgScope } from '../org-scope';
import { requirePermission } from '../permission-guard';

export interface OrgSetupRoutesDeps {
  readonly listPipelines: ListPipelines;
  readonly listTemplates: ListLeadTemplates;
  readonly createPipeline: CreatePipeline;
  readonly createTemplate: CreateLeadTemplate;
  readonly accessTokens: HubAccessTokens;
  readonly clock: Clock;
}

const PipelineBody = t.exact(
  t.type({
    name: textField('name', 100),
    provider: oneOfField('provider', LEAD_PROVIDERS),
    externalId: textField('externalId', 200),
  }),
);

const listPipelinesSpec = {
  summary: "The organization's pipelines [pipelines:read]",
  responses: { 200: { description: 'The pipelines', body: t.type({ pipelines: t.array(PipelineView) }) } },
};
const createPipelineSpec = {
  summary: 'Creates a pipeline [pipelines:edit]',
  body: PipelineBody,
  responses: {
    201: { description: 'Created', body: PipelineView },
    409: hubError('`Pipeline already exists for this provider + externalId`'),
  },
};
const listTemplatesSpec = {
  summary: "The organization's lead templates [templates:read]",
  responses: { 200: { description: 'The templates', body: t.type({ templates: t.array(TemplateView) }) } },
};
const createTemplateSpec = {
  summary: 'Creates a lead template [templates:edit]',
  body: LeadTemplateBody,
  responses: { 201: { description: 'Created', body: TemplateView } },
};

/** CONTRACT 5.2: GET|POST /orgs/{orgId}/pipelines and /orgs/{orgId}/lead-templates. */
export function orgSetupRoutes(deps: OrgSetupRoutesDeps): Router {
  const router = new Router({ prefix: `${HUB_PREFIX}/orgs/:orgId` });
  const api = documented(router, {
    tag: 'Organization setup',
    security: HUB_SECURITY.accessToken,
    responses: ORG_ROUTE_RESPONSES,
  });
  const guard = accessTokenGuard(deps.accessTokens, deps.clock);

  api.get('/pipelines', listPipelinesSpec, guard, orgScope(), requirePermission('pipelines:read'), async (ctx) => {
    ctx.body = { pipelines: (await deps.listPipelines.execute({ orgId: hubAuthOf(ctx).orgId })).map(pipelineView) };
  });

  api.post('/pipelines', createPipelineSpec, guard, orgScope(), requirePermission('pipelines:edit'), async (ctx) => {
    const body = decodeBody(PipelineBody, ctx.request.body);
    const result = await deps.createPipeline.execute({ orgId: hubAuthOf(ctx).orgId, ...body });
    if (E.isLeft(result)) throw hubHttpError(result.left);
    ctx.status = 201;
    ctx.body = pipelineView(result.right);
  });

  api.get('/lead-templates', listTemplatesSpec, guard, orgScope(), requirePermission('templates:read'), async (ctx) => {
    ctx.body = { templates: (await deps.listTemplates.execute({ orgId: hubAuthOf(ctx).orgId })).map(templateView) };
  });

  api.post(
    '/lead-templates',
    createTemplateSpec,
    guard,
    orgScope(),
    requirePermission('templates:edit'),
    async (ctx) => {
      const body = decodeBody(LeadTemplateBody, ctx.request.body);
      const result = await deps.createTemplate.execute({
        orgId: hubAuthOf(ctx).orgId,
        ...body,
        conditions: conditionPairs(body.conditions),
      });
      if (E.isLeft(result)) throw hubHttpError(result.left);
      ctx.status = 201;
      ctx.body = templateView(result.right);
    },
  );

  return router;
}
