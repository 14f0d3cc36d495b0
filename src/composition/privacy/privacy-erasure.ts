import type { Db } from 'mongodb';
import { ContainerModule } from 'inversify';
import { CompletePendingErasures, RunErasure } from '../../application/privacy/run-erasure';
import { GetErasure, ListErasures } from '../../application/privacy/get-erasure';
import { ErasureSteps, ErasureStore, ErasureSubjectResolver, type ErasureStep } from '../../application/privacy/ports';
import { PreviewErasure } from '../../application/privacy/preview-erasure';
import { RequestErasure } from '../../application/privacy/request-erasure';
import type { SdrReadModels as SdrReadModelsService } from '../../application/sdr/read-models/sdr-read-models';
import type { ChatReadModel, ContactReadModel } from '../../application/sdr/read-model-ports';
import { Clock, IdGenerator, SecretGenerator } from '../../application/shared/ports';
import { token, type Token } from '../../application/shared/token';
import { erasedSubjects } from '../../application/privacy/data-checks/erased-subjects';
import { MongoErasedSubjectStore } from '../../adapters/mongo/privacy/mongo-erased-subject-store';
import { erasureRoutes } from '../../adapters/http/sales/privacy/erasure-routes';
import { chatMessagesEraser } from '../../adapters/mongo/privacy/erasers/chat-messages-eraser';
import { gatewayMessagesEraser } from '../../adapters/mongo/privacy/erasers/gateway-messages-eraser';
import { peopleEraser } from '../../adapters/mongo/privacy/erasers/people-eraser';
import { policiesEraser } from '../../adapters/mongo/privacy/erasers/policies-eraser';
import { salesEraser } from '../../adapters/mongo/privacy/erasers/sales-eraser';
import { sdrInteractionsEraser } from '../../adapters/mongo/privacy/erasers/sdr-interactions-eraser';
import { sdrReadModelsEraser } from '../../adapters/mongo/privacy/erasers/sdr-read-models-eraser';
import { erasureIndexes } from '../../adapters/mongo/privacy/erasure-collection';
import { MongoErasureStore } from '../../adapters/mongo/privacy/mongo-erasure-store';
import { MongoErasureSubjectResolver } from '../../adapters/mongo/privacy/mongo-erasure-subject-resolver';
import { gatewayMessagesCollection } from '../../adapters/mongo/sdr/gateway-messages-collection';
import { provide, type Resolve } from '../container';
import { Platform } from '../platform';
import { SalesGuards } from '../sales-identity';
import {
  ChatReadModel as ChatReadModelToken,
  ContactReadModel as ContactReadModelToken,
} from '../../application/sdr/read-model-ports';
import { SdrReadModels } from '../sdr';

/** Every store's erasure step (CONTRACT 12.4), over the given databases (the crash tests wrap them). */
export function erasureSteps(
  stores: { readonly db: Db; readonly gatewayDb: Db; readonly gatewayCollection: string },
  clock: Clock,
  models: {
    readonly service: SdrReadModelsService;
    readonly chats: ChatReadModel;
    readonly contacts: ContactReadModel;
  },
): ErasureStep[] {
  const gateway = gatewayMessagesCollection(stores.gatewayDb, stores.gatewayCollection);
  return [
    peopleEraser(stores.db, clock),
    salesEraser(stores.db),
    sdrInteractionsEraser(stores.db, clock),
    gatewayMessagesEraser(gateway),
    ...sdrReadModelsEraser(models.service, models.chats, models.contacts, gateway),
    policiesEraser(stores.db),
    chatMessagesEraser(stores.db),
  ];
}

/** A data subject's erasure on the sales service (CONTRACT 12.2, 12.4). */
export const privacyErasureModule = new ContainerModule(({ bind }) => {
  provide(bind, ErasureStore, (get) => new MongoErasureStore(get(Platform).db));
  provide(bind, ErasureSubjectResolver, (get) => new MongoErasureSubjectResolver(get(Platform).db));
  provide(bind, ErasureSteps, (get) => {
    const { db, gatewayDb, config } = get(Platform);
    return erasureSteps(
      { db, gatewayDb: gatewayDb ?? db, gatewayCollection: config.gatewayMessagesCollection },
      get(Clock),
      { service: get(SdrReadModels), chats: get(ChatReadModelToken), contacts: get(ContactReadModelToken) },
    );
  });
  provide(bind, PrivacyErasureUseCases, privacyErasureUseCases);
  provide(bind, PrivacyErasureArea, privacyErasureArea);
});

function privacyErasureUseCases(get: Resolve) {
  const store = get(ErasureStore);
  const runErasure = new RunErasure(store, get(ErasureSteps), get(Clock));
  return {
    requestErasure: new RequestErasure(
      store,
      get(ErasureSubjectResolver),
      get(Clock),
      get(IdGenerator),
      get(SecretGenerator),
    ),
    runErasure,
    completePendingErasures: new CompletePendingErasures(store, runErasure),
    previewErasure: new PreviewErasure(get(ErasureSubjectResolver), runErasure, get(SecretGenerator)),
    getErasure: new GetErasure(store),
    listErasures: new ListErasures(store),
  };
}
export type PrivacyErasureUseCases = ReturnType<typeof privacyErasureUseCases>;
export const PrivacyErasureUseCases: Token<PrivacyErasureUseCases> = token('PrivacyErasureUseCases');

function privacyErasureArea(get: Resolve) {
  const useCases = get(PrivacyErasureUseCases);
  const { logger } = get(Platform);
  // After the 202: a fault here is retried by serve's tick and the next start (CONTRACT 12.4).
  const launch = (id: string): void => {
    useCases.runErasure
      .execute(id)
      .catch((error: unknown) => logger.warn({ err: error, erasure: id }, 'erasure failed; the next tick retries it'));
  };
  const routers = [erasureRoutes({ guards: get(SalesGuards), ...useCases, launch })];
  return {
    service: 'sales' as const,
    useCases,
    routers,
    /** The SDR read models the erasure refreshes (the crash tests build the steps over a database they kill). */
    readModels: { service: get(SdrReadModels), chats: get(ChatReadModelToken), contacts: get(ContactReadModelToken) },
    indexes: [erasureIndexes],
    // After the SDR read-model checks (their repairs refresh the contacts this one reads).
    dataChecks: [
      {
        position: 85,
        check: erasedSubjects(new MongoErasedSubjectStore(get(Platform).db), get(ContactReadModelToken)),
      },
    ],
  };
}
export type PrivacyErasureArea = ReturnType<typeof privacyErasureArea>;
export const PrivacyErasureArea: Token<PrivacyErasureArea> = token('PrivacyErasureArea');
