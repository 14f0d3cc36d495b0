import type Koa from 'koa';
import type Router from '@koa/router';
import type { ReadinessCheck } from '../../../application/shared/ports';
import type { Logger } from '../../system/logger';
import { buildBaseApp } from '../shared/base-app';
import { classifyError } from '../shared/classify-error';
import { healthRoutes } from '../shared/health-routes';
import { hubErrorOutcome } from './hub-error-body';

export const HUB_PREFIX = '/api/v1';

export interface HubAppDeps {
  readonly logger: Logger;
  readonly readinessChecks: readonly ReadinessCheck[];
  /** Routers carrying the `/api/v1` prefix themselves. */
  readonly routers?: readonly Router[];
}

/** The hub service under `/api/v1` (spec hub-service.md). Returns the app without listening. */
export function buildHubApp(deps: HubAppDeps): Koa {
  return buildBaseApp({
    service: 'hub',
    logger: deps.logger,
    routers: [healthRoutes(deps.readinessChecks, deps.logger, HUB_PREFIX), ...(deps.routers ?? [])],
    formatError: (error) => hubErrorOutcome(classifyError(error)),
  });
}
