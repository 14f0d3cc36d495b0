import type { Container } from 'inversify';
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
import type { GuardDeps } from '../adapters/http/sales/guards';
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
import { bindPort } from './container';
import { sharedPorts, type Platform } from './platform';

export interface SdrOptions {
  /** How long a new interaction of the same phone, person or web session updates the last one (default 24 h). */
  readonly sdrDedupeWindowMs?: number;
}

export type SdrArea = ReturnType<typeof composeSdr>;

/**
 * SDR interactions: creation, status update by phone or CPF, read back (spec sales parts 2-4; CONTRACT
 * 3.4); the messaging gateway's store, its import, the sessions and contacts lists (CONTRACT 8.1, 8.2).
 */
export function composeSdr(container: Container, platform: Platform, guards: GuardDeps, options: SdrOptions) {
  const { db, logger, config } = platform;
  const { clock, ids } = sharedPorts(container);
  const interactions = bindPort(container, SdrInteractionRepository, new MongoSdrInteractionRepository(db));
  const people = bindPort(container, SdrPersonDirectory, new MongoPersonRepository(db));
  const qualifications = bindPort(container, SaleQualificationSync, new MongoSaleQualificationSync(db));
  const gatewayDb = platform.gatewayDb ?? db;
  const gatewayCollection = config.gatewayMessagesCollection;
  const gateway = bindPort(
    container,
    GatewayMessageStore,
    new MongoGatewayMessageStore(gatewayDb, gatewayCollection, (count, what) => logger.warn({ count, collection: gatewayCollection }, `skipped ${what}`)),
  );
  const directory = bindPort(container, ContactDirectory, new MongoContactDirectory(db));
  const contactSources = { interactions, gateway, directory };

  const useCases = {
    createSdrInteraction: new CreateSdrInteraction(interactions, people, qualifications, clock, ids, options.sdrDedupeWindowMs ?? DEFAULT_SDR_DEDUPE_WINDOW_MS),
    updateSdrStatus: new UpdateSdrStatus(interactions, people, qualifications, clock),
    listSdrInteractions: new ListSdrInteractions(interactions, people),
    listSdrSessions: new ListSdrSessions(gateway, directory),
    listSdrContacts: new ListSdrContacts(contactSources, clock),
    importGatewayMessages: new ImportGatewayMessages(gateway),
    seedDemoContacts: new SeedDemoContacts(bindPort(container, DemoDataSink, new MongoDemoDataSink(db)), gateway, clock),
  };
  const routers = [
    sdrRoutes({
      guards,
      createInteraction: useCases.createSdrInteraction,
      updateStatus: useCases.updateSdrStatus,
      listInteractions: useCases.listSdrInteractions,
    }),
    sdrListRoutes({ guards, listSessions: useCases.listSdrSessions, listContacts: useCases.listSdrContacts }),
  ];
  const gatewayIndexes = gatewayMessageIndexes(gatewayCollection);
  const separateGateway = platform.gatewayDb !== undefined;
  return {
    service: 'sales' as const,
    useCases,
    routers,
    // The gateway collection's indexes are created with the others when it lives in this database;
    // in a database of its own (GATEWAY_MONGODB_URI) only `ensure-indexes` and `gateway-import` create them.
    indexes: separateGateway ? sdrAreaIndexes : [...sdrAreaIndexes, gatewayIndexes],
    gatewayStore: { db: gatewayDb, indexes: [gatewayIndexes], separate: separateGateway },
  };
}
