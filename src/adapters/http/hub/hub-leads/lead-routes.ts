import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import type { GetLead } from '../../../../application/hub-leads/get-lead';
import type { ListLeads } from '../../../../application/hub-leads/list-leads';
import type { Clock } from '../../../../application/shared/ports';
import { accessTokenGuard, hubAuthOf } from '../access-token-guard';
import { HUB_PREFIX } from '../hub-prefix';
import type { HubAccessTokens } from '../hub-access-tokens';
import { documented } from '../../shared/openapi/documented-router';
import { hubHttpError } from '../hub-error-mapping';
import { hubError, HUB_SECURITY, ORG_ROUTE_RESPONSES } from '../hub-openapi';
import { LeadListQuery, leadQueryOf } from './lead-query';
import { leadEventView, LeadPageView, leadView, LeadWithEventsView } from './lead-views';
import { orgScope } from '../org-scope';
import { requirePermission } from '../permission-guard';

export interface LeadRoutesDeps {
  readonly list: ListLeads;
  readonly get: GetLead;
  readonly accessTokens: HubAccessTokens;
  readonly clock: Clock;
}

/** CONTRACT 5.2: GET /orgs/{orgId}/leads and /orgs/{orgId}/leads/{id} [leads:read]. */
export function leadRoutes(deps: LeadRoutesDeps): Router {
  const router = new Router({ prefix: `${HUB_PREFIX}/orgs/:orgId/leads` });
  const api = documented(router, { tag: 'Leads', security: HUB_SECURITY.accessToken, responses: ORG_ROUTE_RESPONSES });
  router.use(accessTokenGuard(deps.accessTokens, deps.clock), orgScope(), requirePermission('leads:read'));

  const listSpec = {
    summary: "The organization's leads, newest first [leads:read]",
    query: LeadListQuery,
    responses: {
      200: { description: 'A page of leads', body: LeadPageView },
      400: hubError('`Validation error` with `details`'),
    },
  };
  api.get('/', listSpec, async (ctx) => {
    const page = await deps.list.execute(leadQueryOf(hubAuthOf(ctx).orgId, ctx.query));
    ctx.body = { ...page, leads: page.leads.map(leadView) };
  });

  const getSpec = {
    summary: 'One lead with its events [leads:read]',
    responses: {
      200: { description: 'The lead', body: LeadWithEventsView },
      404: hubError('`Not found` (organization) or `Lead not found`'),
    },
  };
  api.get('/:id', getSpec, async (ctx) => {
    const result = await deps.get.execute({ orgId: hubAuthOf(ctx).orgId, id: ctx.params.id ?? '' });
    if (E.isLeft(result)) throw hubHttpError(result.left);
    ctx.body = { ...leadView(result.right.lead), events: result.right.events.map(leadEventView) };
  });

  return router;
}
