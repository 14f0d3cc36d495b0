import Router from '@koa/router';
import type { Context } from 'koa';
import type { CachedKpiReport } from '../../../../application/kpi/cached-kpi-report';
import type { SdrKpi } from '../../../../application/kpi/get-sdr-kpi';
import type { SdrTrending } from '../../../../application/kpi/get-sdr-trending';
import type { SubscriptionLeads } from '../../../../application/kpi/get-subscription-leads';
import type { Clock } from '../../../../application/shared/ports';
import { documented, type ResponseSpec } from '../../shared/openapi/documented-router';
import { combinedGuard, roleGuard, type GuardDeps } from '../guards';
import { decodeKpiQuery, KpiQuery } from './kpi-codecs';
import {
  sdrKpiBody,
  SdrKpiView,
  sdrTrendingBody,
  SdrTrendingView,
  subscriptionLeadsBody,
  SubscriptionLeadsView,
} from './kpi-views';
import { orHttpError } from '../sales-error-mapping';
import { salesError, SALES_SECURITY } from '../sales-openapi';
import { rateLimit } from '../sales-rate-limit';

export interface KpiRoutesDeps {
  readonly guards: GuardDeps;
  readonly clock: Clock;
  /** The KPI use cases behind the KPI cache (CONTRACT 8.3), shared with the assistant. */
  readonly getSdrKpi: CachedKpiReport<SdrKpi>;
  readonly getSdrTrending: CachedKpiReport<SdrTrending>;
  readonly getSubscriptionLeads: CachedKpiReport<SubscriptionLeads>;
}

/** Spec part 8: the three KPI routes, 10 requests per 60 s per client IP. */
export const KPI_RATE_LIMIT = { limit: 10, windowMs: 60_000 };

const CACHE_HEADER = {
  'X-Cache': {
    description:
      '`HIT`: the answer came from the KPI cache (kept 60 s, one entry per report and normalized period, shared by ' +
      'every caller, the assistant included); `MISS`: it was computed now',
    schema: { type: 'string', enum: ['HIT', 'MISS'] },
  },
} as const;

const ok = (description: string, body: ResponseSpec['body']): ResponseSpec => ({
  description,
  body,
  headers: CACHE_HEADER,
});

const KPI_RESPONSES = {
  400: salesError(
    'Not a date, `dateFrom` after `dateTo`, a period over 366 local days, an unknown timezone, or an unknown or ' +
      'repeated parameter (one message per problem)',
  ),
  403: salesError('Not an admin or a manager'),
};

const query = KpiQuery;
const sdrSpec = {
  summary:
    'SDR funnel of a period: contacts, leads, conversion rate, average response time and response rate (10 per 60 s ' +
    'per IP)',
  query,
  responses: { 200: ok('The figures of the period', SdrKpiView) },
};
const trendingSpec = {
  summary:
    'Contacts, leads and conversion rate per local day of the period, oldest first, every day present (10 per 60 s ' +
    'per IP)',
  query,
  responses: { 200: ok('One point per local day', SdrTrendingView) },
};
const subscriptionLeadsSpec = {
  summary:
    'Contacts that signed up through the web (web session ids) created in the period, with a phone, qualified, and ' +
    'per local day (10 per 60 s per IP)',
  query,
  responses: { 200: ok('The web sign-ups of the period', SubscriptionLeadsView) },
};

type Answer = <T extends object>(
  ctx: Context,
  report: CachedKpiReport<T>,
  view: (report: T) => unknown,
) => Promise<void>;

/** Answers a report's request, with `X-Cache`. */
function kpiAnswer(clock: Clock): Answer {
  // The answer of a report, written once: a hit hands back the report it read before, whose text is kept.
  const written = new WeakMap<object, string>();
  return async (ctx, report, view) => {
    const request = decodeKpiQuery(ctx.query, clock.now());
    const { report: figures, hit } = orHttpError(await report.execute({ period: request.period }));
    let json = written.get(figures);
    if (json === undefined) {
      json = JSON.stringify(view(figures));
      written.set(figures, json);
    }
    ctx.set('X-Cache', hit ? 'HIT' : 'MISS');
    ctx.type = 'application/json';
    ctx.body = json;
  };
}

/**
 * GET /kpi/sdr, /kpi/sdr/trending, /kpi/subscription-leads (spec part 4, CONTRACT 8.3): combined
 * credential, admin and manager (8.7), roles checked before the cache; the query is decoded (400)
 * before the cache too, then the answer comes from the cache or is computed.
 */
export function kpiRoutes(deps: KpiRoutesDeps): Router {
  const router = new Router({ prefix: '/kpi' });
  const api = documented(router, { tag: 'KPI', security: SALES_SECURITY.jwtOrApiKey, responses: KPI_RESPONSES });
  router.use(combinedGuard(deps.guards), roleGuard('admin', 'manager'));
  const answer = kpiAnswer(deps.clock);
  api.get('/sdr', sdrSpec, rateLimit(KPI_RATE_LIMIT), async (ctx) => answer(ctx, deps.getSdrKpi, sdrKpiBody));
  api.get('/sdr/trending', trendingSpec, rateLimit(KPI_RATE_LIMIT), async (ctx) =>
    answer(ctx, deps.getSdrTrending, sdrTrendingBody),
  );
  api.get('/subscription-leads', subscriptionLeadsSpec, rateLimit(KPI_RATE_LIMIT), async (ctx) =>
    answer(ctx, deps.getSubscriptionLeads, subscriptionLeadsBody),
  );
  return router;
}
