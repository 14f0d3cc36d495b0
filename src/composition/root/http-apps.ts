import type Router from '@koa/router';
import { buildHubApp } from '../../adapters/http/hub/hub-app';
import type { GuardDeps } from '../../adapters/http/sales/guards';
import { buildSalesApp } from '../../adapters/http/sales/sales-app';
import { Clock } from '../../application/shared/ports';
import type { Area } from '../area';
import type { Resolve } from '../container';
import { Platform } from '../platform';
import type { SalesIdentityArea } from '../sales-identity';

/** The two Koa apps, each with the routers of its service's areas. */
export function httpApps(
  get: Resolve,
  all: readonly Area[],
  salesIdentity: SalesIdentityArea,
  extraSalesRouters?: (guards: GuardDeps) => readonly Router[],
) {
  const { config, logger, readinessChecks, metrics } = get(Platform);
  const routersOf = (service: Area['service']): Router[] =>
    all.filter((area) => area.service === service).flatMap((area) => area.routers);
  const browser = { corsOrigins: config.corsOrigins, publicAppUrl: config.publicAppUrl, trustProxy: config.trustProxy };
  return {
    sales: buildSalesApp({
      logger,
      clock: get(Clock),
      isProduction: config.isProduction,
      readinessChecks,
      routers: [...routersOf('sales'), ...(extraSalesRouters?.(salesIdentity.guards) ?? [])],
      ...salesIdentity.appMiddleware,
      browser,
      metrics: { service: metrics.sales, token: config.metricsToken },
    }),
    hub: buildHubApp({
      logger,
      readinessChecks,
      routers: routersOf('hub'),
      browser,
      isProduction: config.isProduction,
      metrics: { service: metrics.hub, token: config.metricsToken },
    }),
  };
}
