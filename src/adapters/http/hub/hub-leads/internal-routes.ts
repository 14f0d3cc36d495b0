import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import type {
  GetOrganizationSummary,
  OrganizationSummary,
} from '../../../../application/hub-leads/get-organization-summary';
import { HUB_PREFIX } from '../hub-prefix';
import { documented } from '../../shared/openapi/documented-router';
import { Integer, IsoTimestamp } from '../../shared/openapi/json-schema';
import { hubHttpError } from '../hub-error-mapping';
import { hubError, HUB_SECURITY } from '../hub-openapi';
import { internalCredentialGuard } from '../internal-credential-guard';

const SummaryView = t.type({
  id: t.string,
  name: t.string,
  slug: t.string,
  createdAt: IsoTimestamp,
  channelCount: Integer,
});

/** Answers of every internal route (spec part 5.5). */
export const INTERNAL_ROUTE_RESPONSES = {
  401: hubError('`Unauthorized`'),
  404: hubError('`Not found`: no such organization'),
  500: hubError('`Internal auth not configured` (no MCP_INTERNAL_SECRET), or an internal error'),
};

const summaryView = (s: OrganizationSummary): t.TypeOf<typeof SummaryView> => ({
  id: s.id,
  name: s.name,
  slug: s.slug,
  createdAt: s.createdAt.toISOString(),
  channelCount: s.channelCount,
});

/** Server-to-server routes behind MCP_INTERNAL_SECRET (spec part 5.5). */
export function internalRoutes(deps: {
  readonly summary: GetOrganizationSummary;
  readonly secret: string | undefined;
}): Router {
  const router = new Router({ prefix: `${HUB_PREFIX}/internal` });
  const api = documented(router, {
    tag: 'Internal',
    security: HUB_SECURITY.internal,
    responses: INTERNAL_ROUTE_RESPONSES,
  });
  router.use(internalCredentialGuard(deps.secret));

  api.get(
    '/orgs/:orgId',
    {
      summary: 'An organization with its channel count',
      responses: { 200: { description: 'The organization', body: SummaryView } },
    },
    async (ctx) => {
      const result = await deps.summary.execute({ orgId: ctx.params.orgId ?? '' });
      if (E.isLeft(result)) throw hubHttpError(result.left);
      ctx.body = summaryView(result.right);
    },
  );

  return router;
}
