import { ContainerModule } from 'inversify';
import { MongoConversionTimeStore, MongoSaleMirrorStore } from '../adapters/mongo/sdr/mongo-sdr-copy-stores';
import { SDR_INTERACTIONS, SDR_INTERACTION_NOTES } from '../adapters/mongo/sdr/sdr-interactions-collection';
import { MongoReferenceStore } from '../adapters/mongo/shared/mongo-reference-store';
import { ConversionTimeStore, SaleMirrorStore, SdrNoteInteractions } from '../application/sdr/data-checks/ports';
import { saleSdrMirror } from '../application/sdr/data-checks/sale-sdr-mirror';
import { sdrConversionTimes } from '../application/sdr/data-checks/sdr-conversion-times';
import { sdrNoteInteraction } from '../application/sdr/data-checks/sdr-note-interaction';
import { sdrChatReadModel, sdrContactReadModel } from '../application/sdr/data-checks/sdr-read-model-checks';
import { GatewayMessageStore, SdrInteractionRepository } from '../application/sdr/ports';
import { ChatReadModel, ContactReadModel } from '../application/sdr/read-model-ports';
import type { DeclaredDataCheck } from '../application/shared/data-checks/data-check';
import { token, type Token } from '../application/shared/token';
import { provide, type Resolve } from './container';
import { Platform } from './platform';
import { SdrReadModels } from './sdr';

/**
 * The SDR area's data checks (CONTRACT 10.2), a module of their own beside `sdr.ts` (which their
 * area's `dataChecks` reads) so the area's module stays one screen: the stores they read and the
 * checks with their places in the run.
 */
export const sdrDataChecksModule = new ContainerModule(({ bind }) => {
  provide(
    bind,
    SdrNoteInteractions,
    (get) =>
      new MongoReferenceStore(get(Platform).db, {
        from: SDR_INTERACTION_NOTES,
        field: 'interactionId',
        to: SDR_INTERACTIONS,
      }),
  );
  provide(bind, ConversionTimeStore, (get) => new MongoConversionTimeStore(get(Platform).db));
  provide(bind, SaleMirrorStore, (get) => new MongoSaleMirrorStore(get(Platform).db));
  provide(bind, SdrDataChecks, sdrDataChecks);
});

/**
 * The notes, the conversion times, the sale mirrors and the read models (CONTRACT 3.4, 8.3, 10.1):
 * the conversion times before the mirror (which copies them) and the contacts (which count them),
 * the chat read model before the contacts computed from it.
 */
function sdrDataChecks(get: Resolve): DeclaredDataCheck[] {
  const readModels = {
    models: get(SdrReadModels),
    chats: get(ChatReadModel),
    contacts: get(ContactReadModel),
    gateway: get(GatewayMessageStore),
    interactions: get(SdrInteractionRepository),
  };
  return [
    { position: 30, check: sdrNoteInteraction(get(SdrNoteInteractions)) },
    { position: 50, check: sdrConversionTimes(get(ConversionTimeStore), readModels.models) },
    { position: 60, check: saleSdrMirror(get(SaleMirrorStore)) },
    { position: 70, check: sdrChatReadModel(readModels) },
    { position: 80, check: sdrContactReadModel(readModels) },
  ];
}
export const SdrDataChecks: Token<readonly DeclaredDataCheck[]> = token('SdrDataChecks');
