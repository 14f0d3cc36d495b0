import type { ReadModelClaim, ReadModelWriteOutcome } from '../../../../application/sdr/read-model-ports';
import type { VersionedCollection, VersionedFields } from './versioned-collection';

/**
 * What every read model of the refresh protocol does the same way (ARCHITECTURE 21): claim, snapshot,
 * conditional put and the sweeps' id lists, handed to its versioned collection; a model adds its reads.
 */
export abstract class MongoVersionedReadModel<T, D extends VersionedFields> {
  protected abstract readonly versioned: VersionedCollection<T, D>;

  snapshot(ids: readonly string[]): Promise<(ReadModelClaim & { readonly value: T | undefined })[]> {
    return this.versioned.snapshot(ids);
  }

  claim(ids: readonly string[], at: Date): Promise<ReadModelClaim[]> {
    return this.versioned.claim(ids, at);
  }

  put(
    entries: readonly { readonly claim: ReadModelClaim; readonly value: T | undefined }[],
  ): Promise<ReadModelWriteOutcome> {
    return this.versioned.put(entries);
  }

  ids(): AsyncIterable<string> {
    return this.versioned.ids();
  }

  dirtyIds(before: Date, limit: number): Promise<string[]> {
    return this.versioned.dirtyIds(before, limit);
  }
}
