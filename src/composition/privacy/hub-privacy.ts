import { ContainerModule } from 'inversify';
import { hubPrivacyRoutes } from '../../adapters/http/hub/hub-leads/privacy-routes';
import { HubAccessTokens } from '../../adapters/http/hub/hub-access-tokens';
import { MongoHubErasureStore } from '../../adapters/mongo/hub-leads/privacy/mongo-hub-erasure-store';
import {
  CompletePendingHubErasures,
  GetHubErasure,
  RequestHubErasure,
  RunHubErasure,
} from '../../application/hub-leads/privacy/hub-erasure';
import { HubErasureStore, HubHoldings } from '../../application/hub-leads/privacy/ports';
import { ExportHubSubject, FindHubSubjectHoldings } from '../../application/hub-leads/privacy/subject-holdings';
import { Clock, IdGenerator } from '../../application/shared/ports';
import { token, type Token } from '../../application/shared/token';
import { provide, type Resolve } from '../container';
import { Platform } from '../platform';

/**
 * The hub's LGPD requests (CONTRACT 12.3): holdings, export and durable erasure per organization, over the
 * holdings the hub-leads area declares (`HubHoldings`, beside its indexes).
 */
export const hubPrivacyModule = new ContainerModule(({ bind }) => {
  provide(bind, HubErasureStore, (get) => new MongoHubErasureStore(get(Platform).db));
  provide(bind, HubPrivacyUseCases, hubPrivacyUseCases);
  provide(bind, HubPrivacyArea, hubPrivacyArea);
});

function hubPrivacyUseCases(get: Resolve) {
  const store = get(HubErasureStore);
  const holdings = get(HubHoldings);
  const clock = get(Clock);
  const run = new RunHubErasure(store, holdings, clock);
  return {
    findSubjectHoldings: new FindHubSubjectHoldings(holdings),
    exportSubject: new ExportHubSubject(holdings, clock),
    requestErasure: new RequestHubErasure(store, clock, get(IdGenerator)),
    getErasure: new GetHubErasure(store),
    runErasure: run,
    /** serve's start and tick, `privacy erase --org` (CONTRACT 12.4). */
    completePendingErasures: new CompletePendingHubErasures(store, run),
  };
}
export type HubPrivacyUseCases = ReturnType<typeof hubPrivacyUseCases>;
export const HubPrivacyUseCases: Token<HubPrivacyUseCases> = token('HubPrivacyUseCases');

function hubPrivacyArea(get: Resolve) {
  const useCases = get(HubPrivacyUseCases);
  const router = hubPrivacyRoutes({
    holdings: useCases.findSubjectHoldings,
    exportSubject: useCases.exportSubject,
    request: useCases.requestErasure,
    get: useCases.getErasure,
    complete: useCases.completePendingErasures,
    accessTokens: get(HubAccessTokens),
    clock: get(Clock),
    logger: get(Platform).logger,
  });
  // Its collection is in the hub-leads area's index list (src/adapters/mongo/hub-leads/indexes.ts).
  return { service: 'hub' as const, useCases, routers: [router], indexes: [], dataChecks: [] };
}
export type HubPrivacyArea = ReturnType<typeof hubPrivacyArea>;
export const HubPrivacyArea: Token<HubPrivacyArea> = token('HubPrivacyArea');
