import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import type { GetOrganizationSummary, OrganizationSummary } from '../../../application/hub-leads/get-organization-summary';
import { HUB_PREFIX } from './hub-prefix';
import { hubHttpError } from './hub-error-mapping';
import { internalCredentialGuard } from './internal-credential-guard';

const summaryView = (s: OrganizationSummary) => ({ id: s.id, name: s.name, slug: s.slug, createdAt: s.createdAt.toISOString(), channelCount: s.channelCount });

/** Server-to-server routes behind MCP_INTERNAL_SECRET (spec part 5.5). */
export function internalRoutes(deps: { readonly summary: GetOrganizationSummary; readonly secret: string | undefined }): Router {
  const router = new Router({ prefix: `${HUB_PREFIX}/internal` });
  router.use(internalCredentialGuard(deps.secret));

  router.get('/orgs/:orgId', async (ctx) => {
    const result = await deps.summary.execute({ orgId: ctx.params.orgId ?? '' });
    if (E.isLeft(result)) throw hubHttpError(result.left);
    ctx.body = summaryView(result.right);
  });

  return router;
}
