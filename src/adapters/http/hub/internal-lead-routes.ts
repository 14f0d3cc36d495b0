import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import type { CheckOrganizationExists } from '../../../application/hub-leads/check-organization-exists';
import type { GetLead } from '../../../application/hub-leads/get-lead';
import type { ListLeads } from '../../../application/hub-leads/list-leads';
import { HUB_PREFIX } from './hub-prefix';
import { hubHttpError } from './hub-error-mapping';
import { internalCredentialGuard } from './internal-credential-guard';
import { leadQueryOf } from './lead-query';
import { leadEventView, leadView } from './lead-views';

export interface InternalLeadRoutesDeps {
  readonly list: ListLeads;
  readonly get: GetLead;
  readonly organization: CheckOrganizationExists;
  readonly secret: string | undefined;
}

/** CONTRACT 5.2: GET /internal/orgs/{orgId}/leads and /internal/orgs/{orgId}/leads/{id} (MCP secret). */
export function internalLeadRoutes(deps: InternalLeadRoutesDeps): Router {
  const router = new Router({ prefix: `${HUB_PREFIX}/internal/orgs/:orgId/leads` });
  router.use(internalCredentialGuard(deps.secret), async (ctx, next) => {
    const organization = await deps.organization.execute({ orgId: ctx.params.orgId ?? '' });
    if (E.isLeft(organization)) throw hubHttpError(organization.left);
    await next();
  });

  router.get('/', async (ctx) => {
    const page = await deps.list.execute(leadQueryOf(ctx.params.orgId ?? '', ctx.query));
    ctx.body = { ...page, leads: page.leads.map(leadView) };
  });

  router.get('/:id', async (ctx) => {
    const result = await deps.get.execute({ orgId: ctx.params.orgId ?? '', id: ctx.params.id ?? '' });
    if (E.isLeft(result)) throw hubHttpError(result.left);
    ctx.body = { ...leadView(result.right.lead), events: result.right.events.map(leadEventView) };
  });

  return router;
}
