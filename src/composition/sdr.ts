import { sdrHoldings } from '../adapters/mongo/sdr/privacy/sdr-holdings';
import { ContainerModule } from 'inversify';
import {
  ContactDirectory,
  DemoDataSink,
  GatewayMessageStore,
  SaleQualificationSync,
  SdrInteractionRepository,
  SdrPersonDirectory,
} from '../application/sdr/ports';
import { CreateSdrInteraction, DEFAULT_SDR_DEDUPE_WINDOW_MS } from '../application/sdr/create-sdr-interaction';
import { ImportGatewayMessages } from '../application/sdr/import-gateway-messages';
import { ListSdrContacts } from '../application/sdr/list-sdr-contacts';
import { ListSdrInteractions } from '../application/sdr/list-sdr-interactions';
import { ListSdrSessions } from '../application/sdr/list-sdr-sessions';
import { SeedDemoContacts } from '../application/sdr/demo/seed-demo-contacts';
import { UpdateSdrStatus } from '../application/sdr/update-sdr-status';
import { sdrListRoutes } from '../adapters/http/sales/sdr/sdr-list-routes';
import { sdrRoutes } from '../adapters/http/sales/sdr/sdr-routes';
import { MongoPersonRepository } from '../adapters/mongo/sales/mongo-person-repository';
import { gatewayMessageIndexes } from '../adapters/mongo/sdr/gateway-messages-collection';
import { sdrAreaIndexes } from '../adapters/mongo/sdr/indexes';
import { MongoContactDirectory } from '../adapters/mongo/sdr/mongo-contact-directory';
import { MongoDemoDataSink } from '../adapters/mongo/sdr/mongo-demo-data-sink';
import { MongoGatewayMessageStore } from '../adapters/mongo/sdr/mongo-gateway-message-store';
import { MongoSaleQualificationSync } from '../adapters/mongo/sdr/mongo-sale-qualification-sync';
import { MongoSdrInteractionRepository } from '../adapters/mongo/sdr/mongo-sdr-interaction-repository';
import { Clock, IdGenerator, PersonChanges } from '../application/shared/ports';
import {
  ChatReadModel,
  ContactChanges,
  ContactReadModel,
  FollowerStateStore,
  ReadModelFreshness,
  ChatTotals,
} from '../application/sdr/read-model-ports';
import {
  GatewayFollower as GatewayFollowerService,
  type FollowerOptions,
} from '../application/sdr/read-models/gateway-follower';
import { SdrReadModels as SdrReadModelsService } from '../application/sdr/read-models/sdr-read-models';
import { BestEffortRefresh } from '../application/sdr/read-models/best-effort-refresh';
import { MaintainSdrReadModels } from '../application/sdr/read-models/maintain-sdr-read-models';
import { RebuildSdrReadModels } from '../application/sdr/read-models/rebuild-sdr-read-models';
import { CachedChatTotals } from '../application/sdr/read-models/chat-totals';
import { MaintenanceLease } from '../application/shared/maintenance-lease';
import { MongoChatReadModel } from '../adapters/mongo/sdr/read-models/mongo-chat-read-model';
import { MongoContactReadModel } from '../adapters/mongo/sdr/read-models/mongo-contact-read-model';
import { MongoFollowerState } from '../adapters/mongo/sdr/read-models/mongo-follower-state';
import { ReadModelSource } from '../adapters/mongo/sdr/read-models/read-model-source';
import { MongoMaintenanceLease } from '../adapters/mongo/shared/mongo-maintenance-lease';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { token, type Token } from '../application/shared/token';
import { provide, type Resolve } from './container';
import { Platform } from './platform';
import { SdrDataChecks } from './sdr-data-checks';
import { SalesGuards } from './sales-identity';

export interface SdrOptions {
  /** How long a new interaction of the same phone, person or web session updates the last one (default 24 h). */
  readonly sdrDedupeWindowMs?: number;
  /** The gateway follower's tuning (tests shorten the safety window and the lease). */
  readonly sdrFollower?: Pick<FollowerOptions, 'batch' | 'leaseMs' | 'lateWindowMs' | 'maxWaitMs'>;
}

/**
 * SDR interactions: creation, status update by phone or CPF, read back (spec sales parts 2-4; CONTRACT
 * 3.4); the messaging gateway's store, its import, the sessions and contacts lists (CONTRACT 8.1, 8.2).
 */
export function sdrModule(options: SdrOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    provide(bind, SdrInteractionRepository, (get) => new MongoSdrInteractionRepository(get(Platform).db));
    provide(bind, SdrPersonDirectory, (get) => new MongoPersonRepository(get(Platform).db));
    provide(bind, SaleQualificationSync, (get) => new MongoSaleQualificationSync(get(Platform).db));
    provide(bind, GatewayMessageStore, (get) => {
      const { db, gatewayDb, logger, config } = get(Platform);
      const collection = config.gatewayMessagesCollection;
      return new MongoGatewayMessageStore(gatewayDb ?? db, collection, (count, what) =>
        logger.warn({ count, collection }, `skipped ${what}`),
      );
    });
    provide(bind, ContactDirectory, (get) => new MongoContactDirectory(get(Platform).db));
    provide(bind, DemoDataSink, (get) => new MongoDemoDataSink(get(Platform).db));
    // The read models of this copy's gateway store (CONTRACT 8.1, 10.1): another store's are not this copy's.
    provide(bind, ContactReadModel, (get) => new MongoContactReadModel(get(Platform).db, sourceOf(get)));
    provide(bind, ChatReadModel, (get) => new MongoChatReadModel(get(Platform).db, sourceOf(get)));
    provide(bind, FollowerStateStore, (get) => new MongoFollowerState(get(Platform).db, sourceOf(get)));
    provide(bind, MaintenanceLease, (get) => new MongoMaintenanceLease(get(Platform).db));
    provide(bind, SdrReadModels, sdrReadModels);
    provide(bind, GatewayFollower, (get) => gatewayFollower(get, options));
    provide(bind, ReadModelFreshness, (get) => get(GatewayFollower));
    provide(bind, ChatTotals, (get) => {
      const [models, follower] = [get(SdrReadModels), get(GatewayFollower)];
      return new CachedChatTotals(
        get(ChatReadModel),
        () => models.chatChanges + follower.headChanges,
        () => get(Clock).now(),
      );
    });
    provide(bind, ContactChanges, (get) => get(BestEffortChanges));
    provide(bind, PersonChanges, (get) => get(BestEffortChanges));
    provide(bind, BestEffortChanges, (get) => {
      const { logger } = get(Platform);
      return new BestEffortRefresh(get(SdrReadModels), (error, what) =>
        logger.warn(
          { err: error, what },
          'SDR read models: a refresh after a write failed; the reconciling sweep will repair it',
        ),
      );
    });
    provide(bind, SdrUseCases, (get) => sdrUseCases(get, options));
    provide(bind, SdrArea, sdrArea);
  });
}

function sdrReadModels(get: Resolve): SdrReadModelsService {
  const sources = {
    interactions: get(SdrInteractionRepository),
    gateway: get(GatewayMessageStore),
    directory: get(ContactDirectory),
  };
  return new SdrReadModelsService(sources, get(ChatReadModel), get(ContactReadModel), () => get(Clock).now());
}

function sdrUseCases(get: Resolve, options: SdrOptions) {
  const clock = get(Clock);
  const interactions = get(SdrInteractionRepository);
  const people = get(SdrPersonDirectory);
  const qualifications = get(SaleQualificationSync);
  const gateway = get(GatewayMessageStore);
  const directory = get(ContactDirectory);
  const changes = get(ContactChanges);
  const freshness = get(ReadModelFreshness);
  const rebuildSdrReadModels = new RebuildSdrReadModels(get(GatewayFollower));
  return {
    createSdrInteraction: new CreateSdrInteraction(
      interactions,
      people,
      qualifications,
      clock,
      get(IdGenerator),
      options.sdrDedupeWindowMs ?? DEFAULT_SDR_DEDUPE_WINDOW_MS,
      changes,
    ),
    updateSdrStatus: new UpdateSdrStatus(interactions, people, qualifications, clock, changes),
    listSdrInteractions: new ListSdrInteractions(interactions, people),
    listSdrSessions: new ListSdrSessions(get(ChatReadModel), freshness, gateway, directory, get(ChatTotals)),
    listSdrContacts: new ListSdrContacts(get(ContactReadModel), freshness, clock),
    importGatewayMessages: new ImportGatewayMessages(gateway, changes),
    seedDemoContacts: new SeedDemoContacts(get(DemoDataSink), gateway, clock, changes),
    /** `rebuild-sdr-read-models` and the reconciling sweep (CONTRACT 10.1). */
    rebuildSdrReadModels,
    /** serve's upkeep of the read models (CONTRACT 10.1). */
    maintainSdrReadModels: maintainSdrReadModels(get, rebuildSdrReadModels),
  };
}
export type SdrUseCases = ReturnType<typeof sdrUseCases>;
export const SdrUseCases: Token<SdrUseCases> = token('SdrUseCases');

function gatewayFollower(get: Resolve, options: SdrOptions): GatewayFollowerService {
  const { logger } = get(Platform);
  return new GatewayFollowerService(get(GatewayMessageStore), get(FollowerStateStore), get(SdrReadModels), {
    holder: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    now: () => get(Clock).now(),
    ...options.sdrFollower,
    onRound: (round) =>
      logger.debug(
        { kind: round.kind, read: round.read, skipped: round.skipped, ...round.counts },
        'SDR read models: gateway followed',
      ),
  });
}

function maintainSdrReadModels(get: Resolve, rebuild: RebuildSdrReadModels): MaintainSdrReadModels {
  const { logger } = get(Platform);
  const report = {
    repaired: (counts: object) =>
      logger.warn({ ...counts }, 'SDR read models: documents left half-refreshed were refreshed again'),
    reconciled: (counts: object, ms: number) =>
      logger.info({ ...counts, ms }, 'SDR read models reconciled with their sources'),
  };
  return new MaintainSdrReadModels(
    get(GatewayFollower),
    get(SdrReadModels),
    rebuild,
    get(MaintenanceLease),
    report,
    // One sweep per interval and gateway store, whichever copy takes it (CONTRACT 10.3).
    {
      leaseId: `sdr-reconcile:${sourceOf(get).name}`,
      holder: `${hostname()}:${process.pid}`,
      now: () => get(Clock).now(),
    },
  );
}

/** The gateway store this copy reads (CONTRACT 8.1): what its read models are keyed by. */
function sourceOf(get: Resolve): ReadModelSource {
  const { db, gatewayDb, config } = get(Platform);
  return ReadModelSource.of((gatewayDb ?? db).databaseName, config.gatewayMessagesCollection);
}
export const SdrReadModels: Token<SdrReadModelsService> = token('SdrReadModels');
export const GatewayFollower: Token<GatewayFollowerService> = token('GatewayFollower');
const BestEffortChanges: Token<BestEffortRefresh> = token('BestEffortChanges');

function sdrArea(get: Resolve) {
  const { db, gatewayDb, config } = get(Platform);
  const useCases = get(SdrUseCases);
  const guards = get(SalesGuards);
  const routers = [
    sdrRoutes({
      guards,
      createInteraction: useCases.createSdrInteraction,
      updateStatus: useCases.updateSdrStatus,
      listInteractions: useCases.listSdrInteractions,
    }),
    sdrListRoutes({ guards, listSessions: useCases.listSdrSessions, listContacts: useCases.listSdrContacts }),
  ];
  const gatewayIndexes = gatewayMessageIndexes(config.gatewayMessagesCollection);
  const separateGateway = gatewayDb !== undefined;
  return {
    service: 'sales' as const,
    useCases,
    routers,
    // The gateway collection's indexes are created with the others when it lives in this database;
    // in a database of its own (GATEWAY_MONGODB_URI) only `ensure-indexes` and `gateway-import` create them.
    indexes: separateGateway ? sdrAreaIndexes : [...sdrAreaIndexes, gatewayIndexes],
    dataChecks: get(SdrDataChecks),
    gatewayStore: { db: gatewayDb ?? db, indexes: [gatewayIndexes], separate: separateGateway },
    holdings: sdrHoldings(db, gatewayDb ?? db, config.gatewayMessagesCollection, sourceOf(get)),
  };
}
export type SdrArea = ReturnType<typeof sdrArea>;
export const SdrArea: Token<SdrArea> = token('SdrArea');
