import type Router from '@koa/router';
import { Container } from 'inversify';
import { Clock } from './application/shared/ports';
import type { Config } from './config';
import { buildHubApp } from './adapters/http/hub/hub-app';
import type { GuardDeps } from './adapters/http/sales/guards';
import { buildSalesApp } from './adapters/http/sales/sales-app';
import type { Area } from './composition/area';
import { bindReplacements, resolvePort, type PortBinding } from './composition/container';
import { composeHubIdentity, type HubIdentityOptions } from './composition/hub-identity';
import { composeHubLeads, type HubLeadsOptions } from './composition/hub-leads';
import { composePlatform, type Infrastructure, type PlatformOptions } from './composition/platform';
import { composeSales, type SalesOptions } from './composition/sales';
import { composeSalesIdentity, type SalesIdentityOptions } from './composition/sales-identity';
import { composeSdr, type SdrOptions } from './composition/sdr';
import { composeSavedFilters } from './composition/saved-filters';
import { composePolicies } from './composition/policies';
import { composeAssistant, type AssistantAreaOptions } from './composition/assistant';
import { composeKpi, type KpiOptions } from './composition/kpi';

/** What a test (or a benchmark) may swap or shrink: a port, a limit, an interval. */
export interface Overrides extends PlatformOptions, SalesIdentityOptions, SalesOptions, SdrOptions, KpiOptions, HubIdentityOptions, HubLeadsOptions, AssistantAreaOptions {
  /** Routes mounted after the real ones (tests and the auth benchmark), built with the real guards. */
  readonly extraSalesRouters?: (guards: GuardDeps) => readonly Router[];
  /** Any port swapped for another adapter (a fake), built with `portBinding(Port, adapter)`. */
  readonly ports?: readonly PortBinding[];
}

export type Composition = ReturnType<typeof compose>;

/**
 * Composes the bounded contexts (src/composition/<area>.ts) on one Inversify container, where each
 * binds its ports under their tokens, and builds the two Koa apps. Connections are opened before and
 * handed in, so nothing here does I/O.
 */
export function compose(config: Config, infra: Infrastructure, overrides: Overrides = {}) {
  const container = new Container({ defaultScope: 'Singleton' });
  bindReplacements(container, overrides.ports ?? []);
  const platform = composePlatform(container, config, infra, overrides);
  // The identity areas first: the others mount their routes behind these guards and tokens.
  const salesIdentity = composeSalesIdentity(container, platform, overrides);
  const hubIdentity = composeHubIdentity(container, platform, overrides);
  // One line per area. Within a service, routers mount in this order.
  const sales = composeSales(container, platform, salesIdentity.guards, overrides);
  const sdr = composeSdr(container, platform, salesIdentity.guards, overrides);
  const kpi = composeKpi(container, platform, salesIdentity.guards, overrides);
  const policies = composePolicies(container, platform, salesIdentity.guards);
  const toolSources = {
    listSales: sales.useCases.listSales,
    listSdrContacts: sdr.useCases.listSdrContacts,
    findPolicies: policies.useCases.findPolicies,
    getSdrKpi: kpi.useCases.getSdrKpi,
  };
  const areas = {
    salesIdentity,
    sales,
    sdr,
    kpi,
    savedFilters: composeSavedFilters(container, platform, salesIdentity.guards),
    policies,
    assistant: composeAssistant(container, platform, salesIdentity.guards, toolSources, overrides),
    hubIdentity,
    hubLeads: composeHubLeads(container, platform, hubIdentity.accessTokens, overrides),
  };
  const all: readonly Area[] = Object.values(areas);
  const routersOf = (service: Area['service']): Router[] => all.filter((area) => area.service === service).flatMap((area) => area.routers);
  const { logger, readinessChecks, metrics } = platform;
  const browser = { corsOrigins: config.corsOrigins, publicAppUrl: config.publicAppUrl, trustProxy: config.trustProxy };
  return {
    platform,
    ...areas,
    /** Every collection's indexes, area by area. */
    indexes: all.flatMap((area) => area.indexes),
    http: {
      sales: buildSalesApp({
        logger,
        clock: resolvePort(container, Clock),
        isProduction: config.isProduction,
        readinessChecks,
        routers: [...routersOf('sales'), ...(overrides.extraSalesRouters?.(salesIdentity.guards) ?? [])],
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
    },
  };
}
