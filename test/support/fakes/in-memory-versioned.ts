import type { ReadModelClaim, ReadModelWriteOutcome } from '../../../src/application/sdr/read-model-ports';
import { compareBinary } from './binary-order';

interface Held<T> {
  value: T;
  generation: number;
  dirtySince: Date | null;
}

/**
 * The claim-then-write protocol of ReadModelClaim in memory, as VersionedCollection does it in
 * MongoDB: a claim raises the generation of the existing documents and marks them dirty; a write lands
 * only on the generation it claimed; a first insert another refresh made first comes back as `retry`.
 * Values are copied in and out (structuredClone), as a database would.
 */
export class InMemoryVersioned<T> {
  private readonly held = new Map<string, Held<T>>();

  async claim(ids: readonly string[], at: Date): Promise<ReadModelClaim[]> {
    for (const id of new Set(ids)) {
      const doc = this.held.get(id);
      if (doc !== undefined) {
        doc.generation += 1;
        doc.dirtySince = new Date(at);
      }
    }
    return ids.map((id) => ({ id, generation: this.held.get(id)?.generation ?? null }));
  }

  async snapshot(ids: readonly string[]): Promise<(ReadModelClaim & { readonly value: T | undefined })[]> {
    return ids.map((id) => {
      const doc = this.held.get(id);
      return {
        id,
        generation: doc?.generation ?? null,
        value: doc === undefined ? undefined : structuredClone(doc.value),
      };
    });
  }

  async put(
    entries: readonly { readonly claim: ReadModelClaim; readonly value: T | undefined }[],
  ): Promise<ReadModelWriteOutcome> {
    let written = 0;
    let superseded = 0;
    const inserts: { id: string; value: T }[] = [];
    for (const { claim, value } of entries) {
      if (claim.generation === null) {
        if (value !== undefined) inserts.push({ id: claim.id, value });
        continue;
      }
      const doc = this.held.get(claim.id);
      if (doc === undefined || doc.generation !== claim.generation) {
        superseded += 1;
        continue;
      }
      if (value === undefined) this.held.delete(claim.id);
      else {
        doc.value = structuredClone(value);
        doc.dirtySince = null;
        doc.generation += 1;
      }
      written += 1;
    }
    const retry: string[] = [];
    for (const { id, value } of inserts) {
      if (this.held.has(id)) retry.push(id);
      else {
        this.held.set(id, { value: structuredClone(value), generation: 0, dirtySince: null });
        written += 1;
      }
    }
    return { written, superseded: superseded + retry.length, retry };
  }

  async *ids(): AsyncIterable<string> {
    for (const id of [...this.held.keys()].sort(compareBinary)) yield id;
  }

  async dirtyIds(before: Date, limit: number): Promise<string[]> {
    return [...this.held.entries()]
      .flatMap(([id, doc]) =>
        doc.dirtySince !== null && doc.dirtySince < before ? [{ id, since: doc.dirtySince }] : [],
      )
      .sort((a, b) => a.since.getTime() - b.since.getTime() || compareBinary(a.id, b.id))
      .slice(0, limit)
      .map((d) => d.id);
  }

  /** Every stored value, copied (in id order). */
  values(): T[] {
    return [...this.held.entries()]
      .sort(([a], [b]) => compareBinary(a, b))
      .map(([, doc]) => structuredClone(doc.value));
  }

  get(id: string): T | undefined {
    const doc = this.held.get(id);
    return doc === undefined ? undefined : structuredClone(doc.value);
  }
}
