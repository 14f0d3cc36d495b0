import { ContainerModule } from 'inversify';
import { privacyRoutes } from '../../adapters/http/sales/privacy/privacy-routes';
import { ExportSubject } from '../../application/privacy/export-subject';
import { FindSubjectHoldings } from '../../application/privacy/find-subject-holdings';
import type { DeclaredHolding } from '../../application/shared/privacy/holding';
import { Clock } from '../../application/shared/ports';
import { token, type Token } from '../../application/shared/token';
import { AssistantArea } from '../assistant';
import { provide, type Resolve } from '../container';
import { PoliciesArea } from '../policies';
import { SalesArea } from '../sales';
import { SalesGuards } from '../sales-identity';
import { SdrArea } from '../sdr';

/** Every sales area's declared holdings (CONTRACT 12.1): what a subject's lookup, export and erasure run over. */
export const SalesHoldings: Token<readonly DeclaredHolding[]> = token('SalesHoldings');

/** A data subject's holdings and export on the sales service (CONTRACT 12.2); erasure adds its use cases here. */
export const privacyModule = new ContainerModule(({ bind }) => {
  provide(bind, SalesHoldings, (get) =>
    [get(SalesArea), get(SdrArea), get(PoliciesArea), get(AssistantArea)].flatMap((area) => area.holdings),
  );
  provide(bind, PrivacyUseCases, privacyUseCases);
  provide(bind, PrivacyArea, privacyArea);
});

function privacyUseCases(get: Resolve) {
  const holdings = get(SalesHoldings);
  return {
    findSubjectHoldings: new FindSubjectHoldings(holdings),
    exportSubject: new ExportSubject(holdings, get(Clock)),
  };
}
export type PrivacyUseCases = ReturnType<typeof privacyUseCases>;
export const PrivacyUseCases: Token<PrivacyUseCases> = token('PrivacyUseCases');

function privacyArea(get: Resolve) {
  const useCases = get(PrivacyUseCases);
  const routers = [privacyRoutes({ guards: get(SalesGuards), ...useCases })];
  return { service: 'sales' as const, useCases, routers, indexes: [], dataChecks: [] };
}
export type PrivacyArea = ReturnType<typeof privacyArea>;
export const PrivacyArea: Token<PrivacyArea> = token('PrivacyArea');
