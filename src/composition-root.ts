import type Router from '@koa/router';
import type { GuardDeps } from './adapters/http/sales/guards';
import { Container, type ContainerModule } from 'inversify';
import { Clock } from './application/shared/ports';
import type { Config } from './config';
import type { Area } from './composition/area';
import { applyRebindings, type Binding, type Rebinding, type Resolve } from './composition/container';
import { endedSessionsModule } from './composition/ended-sessions';
import { HubIdentityArea, hubIdentityModule, type HubIdentityOptions } from './composition/hub-identity';
import { HubLeadsArea, hubLeadsModule, type HubLeadsOptions } from './composition/hub-leads';
import { HubPrivacyArea, hubPrivacyModule } from './composition/privacy/hub-privacy';
import {
  databaseMaintenance,
  Platform,
  platformModule,
  type Infrastructure,
  type PlatformOptions,
} from './composition/platform';
import { SalesArea, salesModule, type SalesOptions } from './composition/sales';
import { SalesIdentityArea, salesIdentityModule, type SalesIdentityOptions } from './composition/sales-identity';
import { SdrArea, sdrModule, type SdrOptions } from './composition/sdr';
import { PasswordResetCompletions } from './application/shared/password-reset-completion';
import { sdrDataChecksModule } from './composition/sdr-data-checks';
import { httpApps } from './composition/root/http-apps';
import { SavedFiltersArea, savedFiltersModule } from './composition/saved-filters';
import { PoliciesArea, policiesModule } from './composition/policies';
import { AssistantArea, assistantModule, type AssistantAreaOptions } from './composition/assistant';
import { KpiArea, kpiModule, type KpiOptions } from './composition/kpi';
import { PrivacyErasureArea, privacyErasureModule } from './composition/privacy/privacy-erasure';
import { PrivacyArea, privacyModule } from './composition/privacy/privacy';
import { CheckData } from './application/shared/data-checks/check-data';
import { runOrder } from './application/shared/data-checks/data-check';

/** What a test (or a benchmark) may shrink or swap: a limit, an interval, or any port (by rebinding its token). */
export interface Overrides
  extends
    PlatformOptions,
    SalesIdentityOptions,
    SalesOptions,
    SdrOptions,
    KpiOptions,
    HubIdentityOptions,
    HubLeadsOptions,
    AssistantAreaOptions {
  /** Routes mounted after the real ones (tests and the auth benchmark), built with the real guards. */
  readonly extraSalesRouters?: (guards: GuardDeps) => readonly Router[];
  /** Ports bound to another adapter (a fake, a fixed clock), each built with `rebinding(Port, adapter)`. */
  readonly rebind?: readonly Rebinding[];
}

/** One Inversify module per area (src/composition/<area>.ts), and the platform's; loaded in any order. */
export function areaModules(config: Config, infra: Infrastructure, overrides: Overrides): ContainerModule[] {
  return [
    platformModule(config, infra, overrides),
    salesIdentityModule(overrides),
    salesModule(overrides),
    sdrModule(overrides),
    sdrDataChecksModule,
    kpiModule(overrides),
    savedFiltersModule,
    policiesModule,
    assistantModule(overrides),
    privacyErasureModule,
    privacyModule,
    hubIdentityModule(overrides),
    hubLeadsModule(overrides),
    hubPrivacyModule,
    endedSessionsModule,
  ];
}

export type Composition = ReturnType<typeof assemble>;

/**
 * Loads the area modules on one Inversify container (each binds its ports, use cases and routers
 * under typed tokens, resolved lazily), rebinds the ports a test swaps, and builds the two Koa apps.
 * Connections are opened before and handed in, so nothing here does I/O.
 */
export function compose(config: Config, infra: Infrastructure, overrides: Overrides = {}): Composition {
  return composeModules(areaModules(config, infra, overrides), overrides);
}

/**
 * `compose` on modules in the order given: the order does not matter
 * (test/composition/load-order.test.ts shows it).
 */
export function composeModules(modules: readonly ContainerModule[], overrides: Overrides = {}): Composition {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(...modules);
  applyRebindings(container, overrides.rebind ?? []);
  return assemble(container, overrides);
}

/** Resolves the areas after every module is loaded; within a service, routers mount in this order. */
function assemble(container: Container, overrides: Overrides) {
  const get: Resolve = <T>(binding: Binding<T>) => container.get<T>(binding);
  const salesIdentity = get(SalesIdentityArea);
  const hubIdentity = get(HubIdentityArea);
  const areas = {
    salesIdentity,
    sales: get(SalesArea),
    sdr: get(SdrArea),
    kpi: get(KpiArea),
    savedFilters: get(SavedFiltersArea),
    policies: get(PoliciesArea),
    assistant: get(AssistantArea),
    privacyErasure: get(PrivacyErasureArea),
    privacy: get(PrivacyArea),
    hubIdentity,
    hubLeads: get(HubLeadsArea),
    hubPrivacy: get(HubPrivacyArea),
  };
  const platform = get(Platform);
  const all: readonly Area[] = Object.values(areas);
  const indexes = all.flatMap((area) => area.indexes);
  return {
    platform,
    /** The one source of "now" for what the composition does not build (serve's schedules). */
    clock: get(Clock),
    ...areas,
    /** `check-data` (CONTRACT 10.2): every invariant of the stored data, each named. */
    dataChecks: new CheckData(runOrder(all.flatMap((area) => area.dataChecks)), get(Clock)),
    /** Completes password resets whose request died (CONTRACT 10.2): serve's tick. */
    passwordResets: get(PasswordResetCompletions),
    /** Every collection's indexes, area by area. */
    indexes,
    /** Index setup and retention sweeps, for serve and the commands (they see no driver). */
    maintenance: databaseMaintenance(platform.db, indexes, areas.sdr.gatewayStore),
    http: httpApps(get, all, salesIdentity, overrides.extraSalesRouters),
  };
}
