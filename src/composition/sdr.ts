import type { Container } from 'inversify';
import { SaleQualificationSync, SdrInteractionRepository, SdrPersonDirectory } from '../application/sdr/ports';
import { CreateSdrInteraction, DEFAULT_SDR_DEDUPE_WINDOW_MS } from '../application/sdr/create-sdr-interaction';
import { ListSdrInteractions } from '../application/sdr/list-sdr-interactions';
import { UpdateSdrStatus } from '../application/sdr/update-sdr-status';
import type { GuardDeps } from '../adapters/http/sales/guards';
import { sdrRoutes } from '../adapters/http/sales/sdr-routes';
import { MongoPersonRepository } from '../adapters/mongo/sales/mongo-person-repository';
import { sdrAreaIndexes } from '../adapters/mongo/sdr/indexes';
import { MongoSaleQualificationSync } from '../adapters/mongo/sdr/mongo-sale-qualification-sync';
import { MongoSdrInteractionRepository } from '../adapters/mongo/sdr/mongo-sdr-interaction-repository';
import { bindPort } from './container';
import { sharedPorts, type Platform } from './platform';

export interface SdrOptions {
  /** How long a new interaction of the same phone, person or web session updates the last one (default 24 h). */
  readonly sdrDedupeWindowMs?: number;
}

export type SdrArea = ReturnType<typeof composeSdr>;

/** SDR interactions: creation, status update by phone or CPF, read back (spec sales parts 2-4; CONTRACT 3.4). */
export function composeSdr(container: Container, platform: Platform, guards: GuardDeps, options: SdrOptions) {
  const { db } = platform;
  const { clock, ids } = sharedPorts(container);
  const interactions = bindPort(container, SdrInteractionRepository, new MongoSdrInteractionRepository(db));
  const people = bindPort(container, SdrPersonDirectory, new MongoPersonRepository(db));
  const qualifications = bindPort(container, SaleQualificationSync, new MongoSaleQualificationSync(db));

  const useCases = {
    createSdrInteraction: new CreateSdrInteraction(interactions, people, qualifications, clock, ids, options.sdrDedupeWindowMs ?? DEFAULT_SDR_DEDUPE_WINDOW_MS),
    updateSdrStatus: new UpdateSdrStatus(interactions, people, qualifications, clock),
    listSdrInteractions: new ListSdrInteractions(interactions, people),
  };
  const routers = [
    sdrRoutes({
      guards,
      createInteraction: useCases.createSdrInteraction,
      updateStatus: useCases.updateSdrStatus,
      listInteractions: useCases.listSdrInteractions,
    }),
  ];
  return { service: 'sales' as const, useCases, routers, indexes: sdrAreaIndexes };
}
