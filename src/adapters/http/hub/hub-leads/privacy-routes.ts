import { Readable } from 'node:stream';
import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import type { Context, Middleware } from 'koa';
import type { Logger } from '../../../system/logger';
import type {
  CompletePendingHubErasures,
  GetHubErasure,
  RequestHubErasure,
} from '../../../../application/hub-leads/privacy/hub-erasure';
import {
  hubExportJson,
  subjectView,
  type ExportHubSubject,
  type FindHubSubjectHoldings,
} from '../../../../application/hub-leads/privacy/subject-holdings';
import type { Clock } from '../../../../application/shared/ports';
import { HttpError } from '../../shared/errors/http-error';
import { documented } from '../../shared/openapi/documented-router';
import { accessTokenGuard, hubAuthOf } from '../access-token-guard';
import type { HubAccessTokens } from '../hub-access-tokens';
import { hubError, HUB_SECURITY, ORG_ROUTE_RESPONSES } from '../hub-openapi';
import { HUB_PREFIX } from '../hub-prefix';
import { orgScope } from '../org-scope';
import {
  erasureBodyOf,
  HubErasureAccepted,
  HubErasureBody,
  HubErasureView,
  HubExportView,
  HubHoldingsView,
  HubSubjectQuery,
  subjectQueryOf,
} from './privacy-codecs';

export interface HubPrivacyRoutesDeps {
  readonly holdings: FindHubSubjectHoldings;
  readonly exportSubject: ExportHubSubject;
  readonly request: RequestHubErasure;
  readonly get: GetHubErasure;
  readonly complete: CompletePendingHubErasures;
  readonly accessTokens: HubAccessTokens;
  readonly clock: Clock;
  readonly logger: Logger;
}

/** CONTRACT 12.3: OWNER and ADMIN only; the other roles 403. */
const ownerOrAdmin: Middleware = async (ctx, next) => {
  if (!['OWNER', 'ADMIN'].includes(hubAuthOf(ctx).role)) {
    throw new HttpError(403, 'Insufficient permissions', { extra: { required: 'role OWNER or ADMIN' } });
  }
  await next();
};

const badInput = hubError('`Validation error`: zero or two identifiers, a malformed phone or e-mail, a bad reason');
const subjectSpec = {
  summary: 'What the hub holds of a data subject in this organization (LGPD; OWNER or ADMIN)',
  query: HubSubjectQuery,
  responses: { 200: { description: 'One count per store', body: HubHoldingsView }, 400: badInput },
};
const exportSpec = {
  summary: "A data subject's hub data as one JSON attachment, streamed (LGPD portability; OWNER or ADMIN)",
  query: HubSubjectQuery,
  responses: {
    200: {
      description: '`{subject, generatedAt, stores}`',
      body: HubExportView,
      headers: { 'Content-Disposition': { description: 'attachment; filename="subject-export-<time>.json"' } },
    },
    400: badInput,
  },
};
const requestSpec = {
  summary: "Erase a data subject's hub data in this organization (LGPD; OWNER or ADMIN)",
  body: HubErasureBody,
  responses: {
    200: { description: 'A request for the subject is already pending: its id', body: HubErasureAccepted },
    202: { description: 'Accepted: it completes also after a crash', body: HubErasureAccepted },
    400: badInput,
  },
};
const getSpec = {
  summary: 'One erasure request: status and counts, never the identifier (OWNER or ADMIN)',
  responses: { 200: { description: 'The request', body: HubErasureView }, 404: hubError('`Erasure not found`') },
};

/**
 * CONTRACT 12.4: every export and erasure is an authenticated action on record (who, when, request id), never with the
 * identifier. The hub keeps no API event log (the sales service's, CONTRACT 9.4), so its record is this log line.
 */
function recordAction(logger: Logger, ctx: Context, action: 'export' | 'erasure', erasureId?: string): void {
  const { userId, orgId } = hubAuthOf(ctx);
  const requestId = ctx.state.requestId as string | undefined;
  logger.info({ privacyAction: action, userId, orgId, requestId, erasureId }, 'hub privacy action');
}

/** CONTRACT 12.3: /orgs/{orgId}/privacy/subjects, .../subjects/export, .../erasures, .../erasures/{id}. */
export function hubPrivacyRoutes(deps: HubPrivacyRoutesDeps): Router {
  const router = new Router({ prefix: `${HUB_PREFIX}/orgs/:orgId/privacy` });
  const api = documented(router, {
    tag: 'Privacy',
    security: HUB_SECURITY.accessToken,
    responses: ORG_ROUTE_RESPONSES,
  });
  router.use(accessTokenGuard(deps.accessTokens, deps.clock), orgScope(), ownerOrAdmin);

  api.get('/subjects', subjectSpec, async (ctx) => {
    const found = await deps.holdings.execute({ orgId: hubAuthOf(ctx).orgId, identifier: subjectQueryOf(ctx.query) });
    ctx.body = { subject: subjectView(found.subject), holdings: [...found.holdings] };
  });

  api.get('/subjects/export', exportSpec, async (ctx) => {
    const exported = deps.exportSubject.execute({ orgId: hubAuthOf(ctx).orgId, identifier: subjectQueryOf(ctx.query) });
    ctx.attachment(`subject-export-${exported.generatedAt.toISOString().replace(/[:.]/g, '-')}.json`);
    ctx.type = 'application/json';
    ctx.body = Readable.from(hubExportJson(exported));
    recordAction(deps.logger, ctx, 'export');
  });

  api.post('/erasures', requestSpec, async (ctx) => {
    const orgId = hubAuthOf(ctx).orgId;
    const { id, created } = await deps.request.execute({ orgId, ...erasureBodyOf(ctx.request.body) });
    ctx.status = created ? 202 : 200;
    ctx.body = { id, status: 'pending' as const };
    recordAction(deps.logger, ctx, 'erasure', id);
    // Started now; a crash leaves it pending for the next start, tick or `privacy erase --org` (CONTRACT 12.4).
    if (created) {
      void deps.complete
        .execute(orgId)
        .catch((error: unknown) => deps.logger.error({ err: error }, 'hub erasure failed'));
    }
  });

  api.get('/erasures/:id', getSpec, async (ctx) => {
    const found = await deps.get.execute(hubAuthOf(ctx).orgId, ctx.params.id ?? '');
    if (E.isLeft(found)) throw new HttpError(404, 'Erasure not found');
    const { id, status, requestedAt, doneAt, counts } = found.right;
    ctx.body = { id, status, requestedAt: requestedAt.toISOString(), doneAt: doneAt?.toISOString() ?? null, counts };
  });

  return router;
}
