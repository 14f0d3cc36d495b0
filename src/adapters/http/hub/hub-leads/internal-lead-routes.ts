import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import type { CheckOrganizationExists } from '../../../../application/hub-leads/check-organization-exists';
import type { GetLead } from '../../../../application/hub-leads/get-lead';
import type { ListLeads } from '../../../../application/hub-leads/list-leads';
import { HUB_PREFIX } from '../hub-prefix';
import { documented } from '../../shared/openapi/documented-router';
import { hubError, HUB_SECURITY } from '../hub-openapi';
import { hubHttpError } from '../hub-error-mapping';
import { internalCredentialGuard } from '../internal-credential-guard';
import { INTERNAL_ROUTE_RESPONSES } from './internal-routes';
import { LeadListQuery, leadQueryOf } from './lead-query';
import { leadEventView, LeadPageView, leadView, LeadWithEventsView } from './lead-views';

export interface InternalLeadRoutesDeps {
  readonly list: ListLeads;
  readonly get: GetLead;
  readonly organization: CheckOrganizationExists;
  readonly secret: string | undefined;
}

/** CONTRACT 5.2: GET /internal/orgs/{orgId}/leads and /internal/orgs/{orgId}/leads/{id} (MCP secret). */
export function internalLeadRoutes(deps: InternalLeadRoutesDeps): Router {
  const router = new Router({ prefix: `${HUB_PREFIX}/internal/orgs/:orgId/leads` });
  const api = documented(router, {
    tag: 'Internal',
    security: HUB_SECURITY.internal,
    responses: INTERNAL_ROUTE_RESPONSES,
  });
  router.use(internalCredentialGuard(deps.secret), async (ctx, next) => {
    const organization = await deps.organization.execute({ orgId: ctx.params.orgId ?? '' });
    if (E.isLeft(organization)) throw hubHttpError(organization.left);
    await next();
  });

  const listSpec = {
    summary: "An organization's leads, newest first",
    query: LeadListQuery,
    responses: {
      200: { description: 'A page of leads', body: LeadPageView },
      400: hubError('`Validation error` with `details`'),
    },
  };
  api.get('/', listSpec, async (ctx) => {
    const page = await deps.list.execute(leadQueryOf(ctx.params.orgId ?? '', ctx.query));
    ctx.body = { ...page, leads: page.leads.map(leadView) };
  });

  const getSpec = {
    summary: 'One lead with its events',
    responses: {
      200: { description: 'The lead', body: LeadWithEventsView },
      404: hubError('`Not found` (organization) or `Lead not found`'),
    },
  };
  api.get('/:id', getSpec, async (ctx) => {
    const result = await deps.get.execute({ orgId: ctx.params.orgId ?? '', id: ctx.params.id ?? '' });
    if (E.isLeft(result)) throw hubHttpError(result.left);
    ctx.body = { ...leadView(result.right.lead), events: result.right.events.map(leadEventView) };
  });

  return router;
}
