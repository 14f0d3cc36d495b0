import { utcDayOf } from '../../../src/adapters/mongo/sdr/read-models/chat-kpi-fields';
import { activeDaysOf } from '../../../src/domain/kpi/chat-kpi-facts';
import type { ActiveChat } from '../../../src/domain/kpi/chat-kpi-period';
import type {
  ChatReadModel,
  ReadModelClaim,
  ReadModelWriteOutcome,
} from '../../../src/application/sdr/read-model-ports';
import { NO_KPI_FACTS } from '../../../src/domain/kpi/chat-kpi-facts';
import { newestChatFirst, type SdrChat } from '../../../src/domain/sdr/chat';
import { phoneMatchKey } from '../../../src/domain/shared/phone';
import { InMemoryVersioned } from './in-memory-versioned';
import { NO_FAULTS, type WriteFaults } from './write-faults';

/** The chat read model in memory: newest last message first, ties by id (newestChatFirst, as the MongoDB sort). */
export class InMemoryChatReadModel implements ChatReadModel {
  private readonly versioned = new InMemoryVersioned<SdrChat>();

  /** `faults` can kill a refresh's claim and its write (CONTRACT 10.2), each one write as the adapter's. */
  constructor(private readonly faults: WriteFaults = NO_FAULTS) {}

  claim(ids: readonly string[], at: Date): Promise<ReadModelClaim[]> {
    this.faults.write('sdr_chats.claim');
    return this.versioned.claim(ids, at);
  }

  snapshot(ids: readonly string[]): Promise<(ReadModelClaim & { readonly value: SdrChat | undefined })[]> {
    return this.versioned.snapshot(ids);
  }

  put(
    entries: readonly { readonly claim: ReadModelClaim; readonly value: SdrChat | undefined }[],
  ): Promise<ReadModelWriteOutcome> {
    this.faults.write('sdr_chats.put');
    return this.versioned.put(entries);
  }

  ids(): AsyncIterable<string> {
    return this.versioned.ids();
  }

  dirtyIds(before: Date, limit: number): Promise<string[]> {
    return this.versioned.dirtyIds(before, limit);
  }

  /** Every stored chat (tests read what the model holds). */
  all(): SdrChat[] {
    return this.versioned.values();
  }

  async page(query: { readonly instance?: string; readonly skip: number; readonly limit: number }): Promise<SdrChat[]> {
    return this.versioned
      .values()
      .filter((c) => query.instance === undefined || c.instance === query.instance)
      .sort(newestChatFirst)
      .slice(query.skip, query.skip + query.limit)
      .map((chat) => ({ ...chat, kpi: NO_KPI_FACTS }));
  }

  async count(instance?: string): Promise<number> {
    return this.versioned.values().filter((c) => instance === undefined || c.instance === instance).length;
  }

  async findByIds(ids: readonly string[]): Promise<SdrChat[]> {
    const wanted = new Set(ids);
    return this.versioned.values().filter((c) => wanted.has(c.id));
  }

  async idsOfPersons(personIds: readonly string[], phoneKeys: readonly string[]): Promise<string[]> {
    const persons = new Set(personIds);
    const keys = new Set(phoneKeys);
    return this.versioned
      .values()
      .filter(
        (c) =>
          (c.personId !== null && persons.has(c.personId)) || (c.phone !== null && keys.has(phoneMatchKey(c.phone))),
      )
      .map((c) => c.id);
  }

  async ofPhones(phones: readonly string[], options: { readonly kpi?: boolean } = {}): Promise<SdrChat[]> {
    const wanted = new Set(phones);
    const chats = this.versioned.values().filter((c) => c.phone !== null && wanted.has(c.phone));
    return options.kpi === false ? chats.map((chat) => ({ ...chat, kpi: NO_KPI_FACTS })) : chats;
  }

  async *activeBetween(range: { readonly from: Date; readonly to: Date }): AsyncIterable<ActiveChat> {
    const [from, to] = [utcDayOf(range.from), utcDayOf(range.to)];
    for (const chat of this.versioned.values()) {
      const days = activeDaysOf(chat.kpi);
      if (days.some((d) => d >= from && d <= to))
        yield { instance: chat.instance, remoteJid: chat.remoteJid, phone: chat.phone, kpi: chat.kpi };
    }
  }
}
