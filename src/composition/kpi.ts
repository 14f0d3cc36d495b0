import type { Container } from 'inversify';
import { CachedReports, KPI_CACHE_TTL_MS } from '../application/kpi/cached-reports';
import { GetSdrKpi } from '../application/kpi/get-sdr-kpi';
import { GetSdrTrending } from '../application/kpi/get-sdr-trending';
import { GetSubscriptionLeads } from '../application/kpi/get-subscription-leads';
import { KpiCache } from '../application/kpi/ports';
import type { Clock } from '../application/shared/ports';
import { ContactDirectory, GatewayMessageStore, SdrInteractionRepository } from '../application/sdr/ports';
import type { GuardDeps } from '../adapters/http/sales/guards';
import { kpiRoutes } from '../adapters/http/sales/kpi/kpi-routes';
import { FallbackKpiCache } from '../adapters/kpi-cache/fallback-kpi-cache';
import { InMemoryKpiCache } from '../adapters/kpi-cache/in-memory-kpi-cache';
import { RedisKpiCache } from '../adapters/redis/redis-kpi-cache';
import { bindPort, resolvePort } from './container';
import { sharedPorts, type Infrastructure, type Platform } from './platform';

export interface KpiOptions {
  /** How long a KPI answer is kept (default 60 s, CONTRACT 8.3). */
  readonly kpiCacheTtlMs?: number;
}

export type KpiArea = ReturnType<typeof composeKpi>;

/**
 * The SDR KPI (spec sales part 4, CONTRACT 8.3): reads the SDR area's stores (interactions, gateway,
 * persons and sales) through the ports that area bound, so the contact is the one of CONTRACT 8.2.
 * Composed after the SDR area.
 */
export function composeKpi(container: Container, platform: Platform, guards: GuardDeps, options: KpiOptions) {
  const { clock } = sharedPorts(container);
  const interactions = resolvePort(container, SdrInteractionRepository);
  const gateway = resolvePort(container, GatewayMessageStore);
  const directory = resolvePort(container, ContactDirectory);
  const cache = bindPort(container, KpiCache, kpiCache(platform, clock));
  const useCases = {
    getSdrKpi: new GetSdrKpi({ interactions, gateway }),
    getSdrTrending: new GetSdrTrending({ interactions, gateway }),
    getSubscriptionLeads: new GetSubscriptionLeads({ interactions, gateway, directory }),
  };
  const reports = new CachedReports(cache, options.kpiCacheTtlMs ?? KPI_CACHE_TTL_MS);
  const routers = [kpiRoutes({ guards, clock, reports, ...useCases })];
  return { service: 'sales' as const, useCases, routers, indexes: [] };
}

/** Redis when configured (the shared connection), a miss while it fails; memory alone without Redis. */
function kpiCache({ redis, logger }: Infrastructure, clock: Clock): KpiCache {
  if (redis === undefined) return new InMemoryKpiCache(clock);
  return new FallbackKpiCache(new RedisKpiCache(redis, clock), ({ degraded, error }) =>
    degraded
      ? logger.warn({ err: error }, 'KPI cache: Redis failed, computing every KPI answer until it answers again')
      : logger.info('KPI cache: Redis answers again, caching there'),
  );
}
