import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import type { GetLead } from '../../../application/hub-leads/get-lead';
import type { ListLeads } from '../../../application/hub-leads/list-leads';
import type { Clock } from '../../../application/shared/ports';
import { accessTokenGuard, hubAuthOf } from './access-token-guard';
import { HUB_PREFIX } from './hub-prefix';
import type { HubAccessTokens } from './hub-access-tokens';
import { hubHttpError } from './hub-error-mapping';
import { leadQueryOf } from './lead-query';
import { leadEventView, leadView } from './lead-views';
import { orgScope } from './org-scope';
import { requirePermission } from './permission-guard';

export interface LeadRoutesDeps {
  readonly list: ListLeads;
  readonly get: GetLead;
  readonly accessTokens: HubAccessTokens;
  readonly clock: Clock;
}

/** CONTRACT 5.2: GET /orgs/{orgId}/leads and /orgs/{orgId}/leads/{id} [leads:read]. */
export function leadRoutes(deps: LeadRoutesDeps): Router {
  const router = new Router({ prefix: `${HUB_PREFIX}/orgs/:orgId/leads` });
  router.use(accessTokenGuard(deps.accessTokens, deps.clock), orgScope(), requirePermission('leads:read'));

  router.get('/', async (ctx) => {
    const page = await deps.list.execute(leadQueryOf(hubAuthOf(ctx).orgId, ctx.query));
    ctx.body = { ...page, leads: page.leads.map(leadView) };
  });

  router.get('/:id', async (ctx) => {
    const result = await deps.get.execute({ orgId: hubAuthOf(ctx).orgId, id: ctx.params.id ?? '' });
    if (E.isLeft(result)) throw hubHttpError(result.left);
    ctx.body = { ...leadView(result.right.lead), events: result.right.events.map(leadEventView) };
  });

  return router;
}
