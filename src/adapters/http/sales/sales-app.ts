import type Koa from 'koa';
import type Router from '@koa/router';
import type { Clock, ReadinessCheck } from '../../../application/shared/ports';
import type { Logger } from '../../system/logger';
import { buildBaseApp } from '../shared/base-app';
import { classifyError } from '../shared/classify-error';
import { healthRoutes } from '../shared/health-routes';
import { salesErrorOutcome } from './sales-error-body';

export interface SalesAppDeps {
  readonly logger: Logger;
  readonly clock: Clock;
  readonly isProduction: boolean;
  readonly readinessChecks: readonly ReadinessCheck[];
  readonly routers?: readonly Router[];
}

/** The sales service at `/` (spec sales-service.md). Returns the app; the caller decides where it listens. */
export function buildSalesApp(deps: SalesAppDeps): Koa {
  return buildBaseApp({
    service: 'sales',
    logger: deps.logger,
    routers: [healthRoutes(deps.readinessChecks, deps.logger), ...(deps.routers ?? [])],
    formatError: (error, ctx) =>
      salesErrorOutcome(classifyError(error), error, {
        path: ctx.originalUrl,
        now: deps.clock.now(),
        isProduction: deps.isProduction,
      }),
  });
}
