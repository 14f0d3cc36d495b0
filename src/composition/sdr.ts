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
import { SeedDemoContacts } from '../application/sdr/seed-demo-contacts';
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
} from '../application/sdr/read-model-ports';
import {
  GatewayFollower as GatewayFollowerService,
  type FollowerOptions,
} from '../application/sdr/read-models/gateway-follower';
import { SdrReadModels as SdrReadModelsService } from '../application/sdr/read-models/sdr-read-models';
import { MongoChatReadModel } from '../adapters/mongo/sdr/read-models/mongo-chat-read-model';
import { MongoContactReadModel } from '../adapters/mongo/sdr/read-models/mongo-contact-read-model';
import { MongoFollowerState } from '../adapters/mongo/sdr/read-models/mongo-follower-state';
import type { Logger } from '../adapters/system/logger';
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
    provide(bind, ContactReadModel, (get) => new MongoContactReadModel(get(Platform).db));
    provide(bind, ChatReadModel, (get) => new MongoChatReadModel(get(Platform).db));
    provide(bind, FollowerStateStore, (get) => new MongoFollowerState(get(Platform).db));
    provide(
      bind,
      SdrReadModels,
      (get) =>
        new SdrReadModelsService(
          {
            interactions: get(SdrInteractionRepository),
            gateway: get(GatewayMessageStore),
            directory: get(ContactDirectory),
          },
          get(ChatReadModel),
          get(ContactReadModel),
        ),
    );
    provide(bind, GatewayFollower, (get) => gatewayFollower(get, options));
    provide(bind, ReadModelFreshness, (get) => get(GatewayFollower));
    provide(bind, ContactChanges, (get) => bestEffortChanges(get(SdrReadModels), get(Platform).logger));
    provide(bind, PersonChanges, (get) => {
      const models = get(SdrReadModels);
      const { logger } = get(Platform);
      return { personsChanged: (ids) => bestEffort(logger, 'persons', () => models.personsChanged(ids)) };
    });
    provide(bind, SdrUseCases, (get) => sdrUseCases(get, options));
    provide(bind, SdrArea, sdrArea);
  });
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
  const follower = get(GatewayFollower);
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
    listSdrSessions: new ListSdrSessions(get(ChatReadModel), freshness, gateway, directory),
    listSdrContacts: new ListSdrContacts(get(ContactReadModel), freshness, clock),
    importGatewayMessages: new ImportGatewayMessages(gateway, changes),
    seedDemoContacts: new SeedDemoContacts(get(DemoDataSink), gateway, clock, changes),
    /** `rebuild-sdr-read-models` and the reconciling sweep (CONTRACT 10.1). */
    rebuildSdrReadModels: follower,
    sdrReadModels: get(SdrReadModels),
  };
}
export type SdrUseCases = ReturnType<typeof sdrUseCases>;
export const SdrUseCases: Token<SdrUseCases> = token('SdrUseCases');

function gatewayFollower(get: Resolve, options: SdrOptions): GatewayFollowerService {
  const { logger } = get(Platform);
  return new GatewayFollowerService(get(GatewayMessageStore), get(FollowerStateStore), get(SdrReadModels), {
    holder: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    ...options.sdrFollower,
    onRound: (round) =>
      logger.debug(
        { kind: round.kind, read: round.read, skipped: round.skipped, ...round.counts },
        'SDR read models: gateway followed',
      ),
  });
}

/** A failed refresh after a committed write is logged, never turned into an error: the sweep repairs the document. */
async function bestEffort(logger: Logger, what: string, refresh: () => Promise<unknown>): Promise<void> {
  try {
    await refresh();
  } catch (error) {
    logger.warn(
      { err: error, what },
      'SDR read models: a refresh after a write failed; the reconciling sweep will repair it',
    );
  }
}

function bestEffortChanges(models: SdrReadModelsService, logger: Logger): ContactChanges {
  return {
    contactsChanged: (keys) => bestEffort(logger, 'contacts', () => models.refreshContacts(keys)),
    chatsChanged: (chats, contacts) =>
      bestEffort(logger, 'chats', () => models.refreshChats(chats, undefined, contacts)),
  };
}
export const SdrReadModels: Token<SdrReadModelsService> = token('SdrReadModels');
export const GatewayFollower: Token<GatewayFollowerService> = token('GatewayFollower');

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
    follower: get(GatewayFollower),
    gatewayStore: { db: gatewayDb ?? db, indexes: [gatewayIndexes], separate: separateGateway },
  };
}
export type SdrArea = ReturnType<typeof sdrArea>;
export const SdrArea: Token<SdrArea> = token('SdrArea');
