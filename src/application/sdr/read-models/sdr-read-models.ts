import { chatIdOf, type ChatRef } from '../../../domain/sdr/chat';
import { phoneKeysOfPerson } from '../../../domain/sdr/contact';
import type { ContactDirectory, GatewayChatFacts, SdrInteractionRepository } from '../ports';
import type { ChatReadModel, ContactReadModel } from '../read-model-ports';
import { CHATS, chatProjection } from './chat-projection';
import { CONTACTS, contactProjection } from './contact-projection';
import { RefreshProtocol, type ProjectionCounts, type RebuildProgress as ProtocolProgress } from './refresh-protocol';

export { REFRESH_BATCH, sameValue } from './refresh-protocol';
export { refOfChatId } from './chat-projection';

export interface ReadModelSources {
  readonly interactions: Pick<SdrInteractionRepository, 'ofContacts' | 'streamAll'>;
  readonly gateway: GatewayChatFacts;
  readonly directory: ContactDirectory;
}

type ModelName = typeof CHATS | typeof CONTACTS;
export type RefreshCounts = ProjectionCounts<ModelName>;

export const emptyCounts = (): RefreshCounts => ({ chats: 0, contacts: 0, written: 0, superseded: 0 });

export type RebuildProgress = ProtocolProgress<ModelName>;

/**
 * The SDR read models (CONTRACT 10.1): the chat and contact projections (chat-projection.ts,
 * contact-projection.ts) over the one refresh protocol (refresh-protocol.ts). This is the entry point
 * the writes, the follower, the maintenance round and `check-data` call: refresh what a change
 * touches, rebuild, repair, verify.
 */
export class SdrReadModels {
  private readonly protocol: RefreshProtocol<ModelName>;
  private chatWrites = 0;

  constructor(
    private readonly sources: ReadModelSources,
    private readonly chats: ChatReadModel,
    private readonly contacts: ContactReadModel,
    now: () => Date,
  ) {
    this.protocol = new RefreshProtocol<ModelName>(
      [
        chatProjection(sources.gateway, chats, CONTACTS, sources.directory),
        contactProjection({ interactions: sources.interactions, directory: sources.directory, chats }, contacts),
      ],
      now,
    );
  }

  /** Recomputes these chats, then the contacts of their phones and `contacts` besides. */
  async refreshChats(
    refs: readonly ChatRef[],
    counts: RefreshCounts = emptyCounts(),
    contacts: readonly string[] = [],
  ): Promise<RefreshCounts> {
    try {
      await this.protocol.refresh(CHATS, refs.map(chatIdOf), counts, contacts);
    } finally {
      this.chatWrites += 1;
    }
    return counts;
  }

  /** Recomputes these contacts (keys: canonical phones, web session ids, `interaction:<id>`). */
  async refreshContacts(keys: readonly string[], counts: RefreshCounts = emptyCounts()): Promise<RefreshCounts> {
    await this.protocol.refresh(CONTACTS, keys, counts);
    return counts;
  }

  /**
   * A person created or changed (name, phones) or a sale of theirs written: the chats of their phones and those they
   * were the person of (the person kept on a chat), then the contacts they belong to, before and after (and `handOn`).
   */
  async personsChanged(personIds: readonly string[], handOn: readonly string[] = []): Promise<RefreshCounts> {
    if (personIds.length === 0) return this.refreshContacts(handOn);
    const persons = await this.sources.directory.findByIds(personIds);
    const phoneKeys = [...new Set(persons.flatMap(phoneKeysOfPerson))];
    const [chats, ofPersons] = await Promise.all([
      this.chats.idsOfPersons(personIds, phoneKeys),
      this.contacts.idsOfPersons(personIds, phoneKeys),
    ]);
    const contacts = [...new Set([...ofPersons, ...handOn])];
    if (chats.length === 0) return this.refreshContacts(contacts);
    try {
      return await this.protocol.refresh(CHATS, chats, emptyCounts(), contacts);
    } finally {
      this.chatWrites += 1;
    }
  }

  /** Both models from scratch (`rebuild-sdr-read-models`, the reconciling sweep): RefreshProtocol.rebuild. */
  async rebuild(progress?: RebuildProgress): Promise<RefreshCounts> {
    try {
      return await this.protocol.rebuild(progress);
    } finally {
      this.chatWrites += 1;
    }
  }

  /** Documents a refresh claimed and never wrote (it died half-way), claimed before `before`: refreshed again. */
  async repairDirty(before: Date, limit?: number): Promise<RefreshCounts> {
    try {
      return await this.protocol.repairDirty(before, limit);
    } finally {
      this.chatWrites += 1;
    }
  }

  /**
   * How many times this process has finished writing the chat model (refreshes, rebuilds, repairs): a count of the
   * chats taken before the last one is stale (CachedChatTotals).
   */
  get chatChanges(): number {
    return this.chatWrites;
  }

  /**
   * The chat documents of `refs` that differ from their recomputation, written nowhere (`check-data`,
   * CONTRACT 10.2): RefreshProtocol.verify. At most REFRESH_BATCH refs a call.
   */
  async verifyChats(refs: readonly ChatRef[], options: { readonly absentOnly?: boolean } = {}): Promise<string[]> {
    return this.protocol.verify(CHATS, refs.map(chatIdOf), options.absentOnly === true);
  }

  /** The contact documents of `keys` that differ from their recomputation, as verifyChats. */
  async verifyContacts(keys: readonly string[], options: { readonly absentOnly?: boolean } = {}): Promise<string[]> {
    return this.protocol.verify(CONTACTS, keys, options.absentOnly === true);
  }
}
