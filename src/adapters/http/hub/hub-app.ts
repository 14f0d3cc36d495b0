import type Koa from 'koa';
import type Router from '@koa/router';
import type { ReadinessCheck } from '../../../application/shared/ports';
import type { Logger } from '../../system/logger';
import type { BrowserOrigins } from '../shared/security/browser-origins';
import { buildBaseApp } from '../shared/base-app';
import { classifyError } from '../shared/errors/classify-error';
import { healthRoutes } from '../shared/observability/health-routes';
import { metricsRoutesOf, type AppMetrics } from '../shared/observability/metrics-routes';
import { hubErrorOutcome } from './hub-error-body';
import { hubApi } from './hub-openapi';
import { HUB_PREFIX } from './hub-prefix';
import { REFRESH_COOKIE } from './refresh-cookie';

export { HUB_PREFIX } from './hub-prefix';

/** Probes and the metrics scrape: their successful requests are logged at debug only. */
const QUIET_PATHS = ['/healthz', '/readyz', '/metrics'].map((path) => `${HUB_PREFIX}${path}`);

export interface HubAppDeps {
  readonly logger: Logger;
  readonly readinessChecks: readonly ReadinessCheck[];
  /** Routers carrying the `/api/v1` prefix themselves. */
  readonly routers?: readonly Router[];
  /** CONTRACT 9.3 CORS and CSRF; absent: neither (tests of the bare app). */
  readonly browser?: BrowserOrigins;
  /** Production hides `/metrics` when no `METRICS_TOKEN` is set (CONTRACT 9.2). */
  readonly isProduction?: boolean;
  /** CONTRACT 9.2: what the service measures and the `METRICS_TOKEN` of `/api/v1/metrics`; absent: neither. */
  readonly metrics?: AppMetrics;
}

/** The hub service under `/api/v1` (spec hub-service.md). Returns the app without listening. */
export function buildHubApp(deps: HubAppDeps): Koa {
  return buildBaseApp({
    service: 'hub',
    logger: deps.logger,
    isProduction: deps.isProduction ?? false,
    quietPaths: QUIET_PATHS,
    routers: [
      healthRoutes(deps.readinessChecks, deps.logger, HUB_PREFIX),
      ...(deps.routers ?? []),
      // Last: every router in front of a route costs each of its requests a match.
      ...metricsRoutesOf(deps.metrics, deps.isProduction ?? false, HUB_PREFIX),
    ],
    formatError: (error) => hubErrorOutcome(classifyError(error)),
    openApi: hubApi(),
    ...(deps.metrics?.service.exposition === undefined ? {} : { requestMetrics: deps.metrics.service }),
    // The hub authenticates by cookie only on POST /auth/refresh (the cookie's path).
    ...(deps.browser === undefined ? {} : { browser: { ...deps.browser, sessionCookies: [REFRESH_COOKIE] } }),
  });
}
