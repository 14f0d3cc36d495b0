import type { ContactDirectory, GatewayMessageStore, SdrInteractionRepository } from '../../src/application/sdr/ports';
import type {
  ChatReadModel,
  ContactChanges,
  ContactReadModel,
  FollowerStateStore,
} from '../../src/application/sdr/read-model-ports';
import { GatewayFollower, type FollowerOptions } from '../../src/application/sdr/read-models/gateway-follower';
import { SdrReadModels } from '../../src/application/sdr/read-models/sdr-read-models';
import type { PersonChanges } from '../../src/application/shared/ports';
import { InMemoryChatReadModel } from './fakes/in-memory-chat-read-model';
import { InMemoryContactReadModel } from './fakes/in-memory-contact-read-model';
import { InMemoryFollowerState } from './fakes/in-memory-follower-state';

export interface ReadSideSources {
  readonly interactions: SdrInteractionRepository;
  readonly gateway: GatewayMessageStore;
  readonly directory: ContactDirectory;
}

/**
 * The SDR read side wired as src/composition/sdr.ts wires it (without the best-effort logging): the models, the
 * follower and the write hooks.
 */
export interface ReadSide {
  readonly contacts: ContactReadModel;
  readonly chats: ChatReadModel;
  readonly state: FollowerStateStore;
  readonly models: SdrReadModels;
  readonly follower: GatewayFollower;
  /** The hook CreateSdrInteraction, UpdateSdrStatus, ImportGatewayMessages and SeedDemoContacts call after a write. */
  readonly contactChanges: ContactChanges;
  /** The hook CreateManualSale and UpdateSaleStatus call after a write. */
  readonly personChanges: PersonChanges;
}

export function readSideOver(
  sources: ReadSideSources,
  stores: { readonly contacts: ContactReadModel; readonly chats: ChatReadModel; readonly state: FollowerStateStore },
  options: Partial<FollowerOptions> = {},
): ReadSide {
  const now = options.now ?? (() => new Date());
  const models = new SdrReadModels(sources, stores.chats, stores.contacts, now);
  const follower = new GatewayFollower(sources.gateway, stores.state, models, { holder: 'test', ...options, now });
  return {
    ...stores,
    models,
    follower,
    contactChanges: {
      contactsChanged: async (keys, persons = []) => {
        await (persons.length === 0 ? models.refreshContacts(keys) : models.personsChanged(persons, keys));
      },
      chatsChanged: async (chats, contacts) => {
        await models.refreshChats(chats, undefined, contacts);
      },
    },
    personChanges: {
      personsChanged: async (ids) => {
        await models.personsChanged(ids);
      },
    },
  };
}

/** The read side over the in-memory read models (unit tests of the use cases). */
export function fakeReadSide(
  sources: ReadSideSources,
  options: Partial<FollowerOptions> = {},
): ReadSide & { readonly contacts: InMemoryContactReadModel; readonly chats: InMemoryChatReadModel } {
  const contacts = new InMemoryContactReadModel();
  const chats = new InMemoryChatReadModel();
  return {
    ...readSideOver(sources, { contacts, chats, state: new InMemoryFollowerState() }, options),
    contacts,
    chats,
  };
}
