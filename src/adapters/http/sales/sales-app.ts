import type Koa from 'koa';
import type Router from '@koa/router';
import type { ApiEventRecorder } from '../../../application/sales-identity/ports';
import type { Clock, IdGenerator, RateLimitStore, ReadinessCheck } from '../../../application/shared/ports';
import type { Logger } from '../../system/logger';
import type { BrowserOrigins } from '../shared/security/browser-origins';
import { buildBaseApp } from '../shared/base-app';
import { classifyError } from '../shared/errors/classify-error';
import { healthRoutes } from '../shared/observability/health-routes';
import { metricsRoutesOf, type AppMetrics } from '../shared/observability/metrics-routes';
import { apiEventLog } from './api-event-log';
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from './credentials';
import { salesErrorOutcome } from './sales-error-body';
import { salesApi } from './sales-openapi';
import { salesRateLimiter, type RateLimitRule } from './sales-rate-limit';

/** The OpenAPI document and the docs page with its files (CONTRACT 9.1): public, like the probes. */
const DOCUMENTATION_PATHS = ['/openapi.json', '/docs', '/docs/'] as const;

/**
 * Orchestrator probes are never throttled: a limited probe would restart a healthy instance. Nor is
 * the metrics scrape: a throttled one is a gap in every graph (its token is long enough not to need
 * a limiter, and without one production answers 404). Nor is the documentation, which does no work
 * per request.
 */
export const RATE_LIMIT_EXEMPT_PATHS = ['/healthz', '/readyz', '/metrics', ...DOCUMENTATION_PATHS] as const;

/**
 * Probes, metrics and the documentation are not written to the API event log (CONTRACT 9.2); their
 * successful requests are logged at debug only (request-logger.ts).
 */
export const EVENT_LOG_EXEMPT_PATHS = ['/healthz', '/readyz', '/metrics', ...DOCUMENTATION_PATHS] as const;

export interface SalesAppDeps {
  readonly logger: Logger;
  readonly clock: Clock;
  readonly isProduction: boolean;
  readonly readinessChecks: readonly ReadinessCheck[];
  readonly routers?: readonly Router[];
  /** Spec part 8 limiter; absent: no limiting (tests of the bare app). */
  readonly rateLimit?: {
    readonly store: RateLimitStore;
    readonly trustProxy: number;
    readonly defaultRule?: RateLimitRule;
    readonly ruleFor?: (declared: RateLimitRule) => RateLimitRule;
  };
  /** The API event log; absent: nothing is recorded. */
  readonly eventLog?: { readonly recorder: ApiEventRecorder; readonly ids: IdGenerator; readonly trustProxy: number };
  /** CONTRACT 9.3 CORS and CSRF; absent: neither (tests of the bare app). */
  readonly browser?: BrowserOrigins;
  /** CONTRACT 9.2: what the service measures and the `METRICS_TOKEN` of its `/metrics`; absent: neither. */
  readonly metrics?: AppMetrics;
}

/** The sales service at `/` (spec sales-service.md). Returns the app; the caller decides where it listens. */
export function buildSalesApp(deps: SalesAppDeps): Koa {
  // The metrics route last: every router in front of a route costs each of its requests a match.
  const routers = [
    healthRoutes(deps.readinessChecks, deps.logger),
    ...(deps.routers ?? []),
    ...metricsRoutesOf(deps.metrics, deps.isProduction),
  ];
  const service = deps.metrics?.service;
  return buildBaseApp({
    service: 'sales',
    logger: deps.logger,
    isProduction: deps.isProduction,
    routers,
    openApi: salesApi,
    quietPaths: EVENT_LOG_EXEMPT_PATHS,
    formatError: (error, ctx) =>
      salesErrorOutcome(classifyError(error), error, {
        path: ctx.originalUrl,
        now: deps.clock.now(),
        isProduction: deps.isProduction,
      }),
    outerMiddleware:
      deps.eventLog === undefined
        ? []
        : [apiEventLog({ ...deps.eventLog, clock: deps.clock, exemptPaths: EVENT_LOG_EXEMPT_PATHS, routers })],
    innerMiddleware:
      deps.rateLimit === undefined
        ? []
        : [
            salesRateLimiter({
              ...deps.rateLimit,
              routers,
              logger: deps.logger,
              exemptPaths: RATE_LIMIT_EXEMPT_PATHS,
              ...(service === undefined ? {} : { metrics: service }),
            }),
          ],
    ...(service?.exposition === undefined ? {} : { requestMetrics: service }),
    ...(deps.browser === undefined
      ? {}
      : { browser: { ...deps.browser, sessionCookies: [ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE] } }),
  });
}
