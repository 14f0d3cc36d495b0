import type { ChatReadModel, ReadModelClaim, ReadModelWriteOutcome } from '../../../src/application/sdr/read-model-ports';
import { newestChatFirst, type SdrChat } from '../../../src/domain/sdr/chat';
import { InMemoryVersioned } from './in-memory-versioned';

/** The chat read model in memory: newest last message first, ties by id (newestChatFirst, as the MongoDB sort). */
export class InMemoryChatReadModel implements ChatReadModel {
  private readonly versioned = new InMemoryVersioned<SdrChat>();

  claim(ids: readonly string[], at: Date): Promise<ReadModelClaim[]> {
    return this.versioned.claim(ids, at);
  }

  snapshot(ids: readonly string[]): Promise<(ReadModelClaim & { readonly value: SdrChat | undefined })[]> {
    return this.versioned.snapshot(ids);
  }

  put(entries: readonly { readonly claim: ReadModelClaim; readonly value: SdrChat | undefined }[]): Promise<ReadModelWriteOutcome> {
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
      .slice(query.skip, query.skip + query.limit);
  }

  async count(instance?: string): Promise<number> {
    return this.versioned.values().filter((c) => instance === undefined || c.instance === instance).length;
  }

  async findByIds(ids: readonly string[]): Promise<SdrChat[]> {
    const wanted = new Set(ids);
    return this.versioned.values().filter((c) => wanted.has(c.id));
  }

  async ofPhones(phones: readonly string[]): Promise<SdrChat[]> {
    const wanted = new Set(phones);
    return this.versioned.values().filter((c) => c.phone !== null && wanted.has(c.phone));
  }
}
