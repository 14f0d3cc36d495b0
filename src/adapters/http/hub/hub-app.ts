import type Koa from 'koa';
import type Router from '@koa/router';
import type { ReadinessCheck } from '../../../application/shared/ports';
import type { Logger } from '../../system/logger';
import type { BrowserOrigins } from '../shared/browser-origins';
import { buildBaseApp } from '../shared/base-app';
import { classifyError } from '../shared/classify-error';
import { healthRoutes } from '../shared/health-routes';
import { hubErrorOutcome } from './hub-error-body';
import { hubApi } from './hub-openapi';
import { HUB_PREFIX } from './hub-prefix';
import { REFRESH_COOKIE } from './refresh-cookie';

export { HUB_PREFIX } from './hub-prefix';

export interface HubAppDeps {
  readonly logger: Logger;
  readonly readinessChecks: readonly ReadinessCheck[];
  /** Routers carrying the `/api/v1` prefix themselves. */
  readonly routers?: readonly Router[];
  /** CONTRACT 9.3 CORS and CSRF; absent: neither (tests of the bare app). */
  readonly browser?: BrowserOrigins;
}

/** The hub service under `/api/v1` (spec hub-service.md). Returns the app without listening. */
export function buildHubApp(deps: HubAppDeps): Koa {
  return buildBaseApp({
    service: 'hub',
    logger: deps.logger,
    routers: [healthRoutes(deps.readinessChecks, deps.logger, HUB_PREFIX), ...(deps.routers ?? [])],
    formatError: (error) => hubErrorOutcome(classifyError(error)),
    openApi: hubApi(),
    // The hub authenticates by cookie only on POST /auth/refresh (the cookie's path).
    ...(deps.browser === undefined ? {} : { browser: { ...deps.browser, sessionCookies: [REFRESH_COOKIE] } }),
  });
}
