import { ContainerModule } from 'inversify';
import {
  CachedKpiReport,
  SdrKpiReport,
  SdrTrendingReport,
  SubscriptionLeadsReport,
} from '../application/kpi/cached-kpi-report';
import { CachedReports, KPI_CACHE_TTL_MS } from '../application/kpi/cached-reports';
import { GetSdrKpi } from '../application/kpi/get-sdr-kpi';
import { GetSdrTrending } from '../application/kpi/get-sdr-trending';
import { GetSubscriptionLeads } from '../application/kpi/get-subscription-leads';
import { KpiCache } from '../application/kpi/ports';
import { Clock } from '../application/shared/ports';
import { token, type Token } from '../application/shared/token';
import { GatewayMessageStore, SdrInteractionRepository } from '../application/sdr/ports';
import { ChatReadModel, ContactReadModel, ReadModelFreshness } from '../application/sdr/read-model-ports';
import { kpiRoutes } from '../adapters/http/sales/kpi/kpi-routes';
import { FallbackKpiCache } from '../adapters/kpi-cache/fallback-kpi-cache';
import { InMemoryKpiCache } from '../adapters/kpi-cache/in-memory-kpi-cache';
import { RedisKpiCache } from '../adapters/redis/redis-kpi-cache';
import { provide, type Resolve } from './container';
import { Platform } from './platform';
import { SalesGuards } from './sales-identity';

export interface KpiOptions {
  /** How long a KPI answer is kept (default 60 s, CONTRACT 8.3). */
  readonly kpiCacheTtlMs?: number;
}

/**
 * The SDR KPI (spec sales part 4, CONTRACT 8.3, 10.1): reads the SDR area's stores (interactions and
 * gateway messages of the period, the contact read model) through the ports that area binds, so the
 * contact is the one of CONTRACT 8.2.
 * Every KPI use case is behind the KPI cache, whoever calls it.
 */
export function kpiModule(options: KpiOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    provide(bind, KpiCache, (get) => kpiCache(get(Platform), get(Clock)));
    provide(bind, KpiUseCases, (get) => kpiUseCases(get, options));
    provide(bind, KpiArea, kpiArea);
  });
}

function kpiUseCases(get: Resolve, options: KpiOptions) {
  const interactions = get(SdrInteractionRepository);
  const gateway = get(GatewayMessageStore);
  const contacts = get(ContactReadModel);
  const chats = get(ChatReadModel);
  const freshness = get(ReadModelFreshness);
  const reports = new CachedReports(get(KpiCache), options.kpiCacheTtlMs ?? KPI_CACHE_TTL_MS);
  return {
    getSdrKpi: new CachedKpiReport(
      'sdr',
      new GetSdrKpi({ interactions, gateway, contacts, chats, freshness }),
      SdrKpiReport,
      reports,
    ),
    getSdrTrending: new CachedKpiReport(
      'sdr/trending',
      new GetSdrTrending({ interactions, gateway, contacts, chats, freshness }),
      SdrTrendingReport,
      reports,
    ),
    getSubscriptionLeads: new CachedKpiReport(
      'subscription-leads',
      new GetSubscriptionLeads({ contacts, freshness }),
      SubscriptionLeadsReport,
      reports,
    ),
  };
}
export type KpiUseCases = ReturnType<typeof kpiUseCases>;
export const KpiUseCases: Token<KpiUseCases> = token('KpiUseCases');

function kpiArea(get: Resolve) {
  const useCases = get(KpiUseCases);
  const routers = [kpiRoutes({ guards: get(SalesGuards), clock: get(Clock), ...useCases })];
  return { service: 'sales' as const, useCases, routers, indexes: [], dataChecks: [] };
}
export type KpiArea = ReturnType<typeof kpiArea>;
export const KpiArea: Token<KpiArea> = token('KpiArea');

/** Redis when configured (the shared connection), a miss while it fails; memory alone without Redis. */
function kpiCache({ redis, logger }: Platform, clock: Clock): KpiCache {
  if (redis === undefined) return new InMemoryKpiCache(clock);
  return new FallbackKpiCache(new RedisKpiCache(redis, clock), ({ degraded, error }) =>
    degraded
      ? logger.warn({ err: error }, 'KPI cache: Redis failed, computing every KPI answer until it answers again')
      : logger.info('KPI cache: Redis answers again, caching there'),
  );
}
