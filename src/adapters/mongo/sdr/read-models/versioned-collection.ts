import type { AnyBulkWriteOperation, Collection, Document, Filter } from 'mongodb';
import type { ReadModelClaim, ReadModelWriteOutcome } from '../../../../application/sdr/read-model-ports';
import { insertTolerant } from '../../shared/tolerant-insert';
import { idText } from '../../shared/stored-values';
import type { ReadModelSource } from './read-model-source';

/** What every read-model document carries besides its fields (never in an answer). */
export interface VersionedFields {
  /** ReadModelSource.idOf(the document's key). */
  _id: string;
  /** The gateway store the document is derived from (ReadModelSource.name): every query names it. */
  source: string;
  /** Goes up with every claim: a write lands only on the generation its refresh claimed. */
  generation: number;
  /** When a refresh claimed it, until that refresh wrote it (null: written). */
  dirtySince: Date | null;
}

/**
 * The claim-then-write protocol of ReadModelClaim on one collection, in the jongodb subset (`$inc`,
 * `$set`, conditional updates, unordered bulk writes): one `update` and one `find` per claim of a
 * batch (one `findAndModify` for a single document), one bulk write for its updates and deletes, one
 * insert for its new documents. Every document and query is of one source (ReadModelSource): keys in,
 * keys out, the stored `_id` never leaves this class and the model adapters.
 */
export class VersionedCollection<T, D extends VersionedFields> {
  constructor(
    private readonly collection: () => Collection<D>,
    private readonly source: ReadModelSource,
    private readonly toDocument: (value: T) => Omit<D, keyof VersionedFields>,
    private readonly fromDocument: (doc: D) => T,
  ) {}

  async snapshot(ids: readonly string[]): Promise<(ReadModelClaim & { readonly value: T | undefined })[]> {
    if (ids.length === 0) return [];
    const found = await this.collection()
      .find({ _id: { $in: ids.map((id) => this.source.idOf(id)) } } as Filter<D>)
      .toArray();
    const byId = new Map(found.map((d) => [this.source.keyOf(d._id as string), d as D]));
    return ids.map((id) => {
      const doc = byId.get(id);
      return {
        id,
        generation: doc === undefined ? null : typeof doc.generation === 'number' ? doc.generation : 0,
        value: doc === undefined ? undefined : this.fromDocument(doc),
      };
    });
  }

  async claim(ids: readonly string[], at: Date): Promise<ReadModelClaim[]> {
    if (ids.length === 0) return [];
    const [only] = ids;
    if (ids.length === 1 && only !== undefined) {
      // One document (a write's own refresh): the claim and its answer in one command.
      const doc = await this.collection().findOneAndUpdate(
        { _id: this.source.idOf(only) } as Filter<D>,
        { $inc: { generation: 1 }, $set: { dirtySince: at } } as Document,
        { returnDocument: 'after', projection: { _id: 1, generation: 1 } },
      );
      return [{ id: only, generation: doc === null ? null : typeof doc.generation === 'number' ? doc.generation : 0 }];
    }
    const filter = { _id: { $in: ids.map((id) => this.source.idOf(id)) } } as Filter<D>;
    await this.collection().updateMany(filter, { $inc: { generation: 1 }, $set: { dirtySince: at } } as Document);
    // The generations alone come back (a `$group` of one field: jongodb ignores projections and would send whole
    // documents).
    const found = await this.collection()
      .aggregate<{ _id: string; generation: unknown }>([
        { $match: filter },
        { $group: { _id: '$_id', generation: { $first: '$generation' } } },
      ])
      .toArray();
    const generations = new Map<string, number>(
      found.map((d) => [this.source.keyOf(d._id), typeof d.generation === 'number' ? d.generation : 0]),
    );
    return ids.map((id) => ({ id, generation: generations.get(id) ?? null }));
  }

  async put(
    entries: readonly { readonly claim: ReadModelClaim; readonly value: T | undefined }[],
  ): Promise<ReadModelWriteOutcome> {
    const changes: AnyBulkWriteOperation<D>[] = [];
    const inserts: D[] = [];
    for (const { claim, value } of entries) {
      if (claim.generation === null) {
        if (value !== undefined)
          inserts.push({
            ...this.toDocument(value),
            _id: this.source.idOf(claim.id),
            source: this.source.name,
            generation: 0,
            dirtySince: null,
          } as D);
        continue;
      }
      const filter = { _id: this.source.idOf(claim.id), generation: claim.generation } as Document;
      if (value === undefined) changes.push({ deleteOne: { filter } } as AnyBulkWriteOperation<D>);
      // The generation goes up with the write too: a writer that only read its generation (the rebuild) is superseded
      // by it.
      else
        changes.push({
          updateOne: {
            filter,
            update: { $set: { ...this.toDocument(value), dirtySince: null }, $inc: { generation: 1 } },
          },
        } as unknown as AnyBulkWriteOperation<D>);
    }
    let written = 0;
    let superseded = 0;
    if (changes.length > 0) {
      const result = await this.collection().bulkWrite(changes, { ordered: false });
      const landed = result.matchedCount + result.deletedCount;
      written += landed;
      superseded += changes.length - landed;
    }
    const retry = await this.insert(inserts);
    written += inserts.length - retry.length;
    return { written, superseded: superseded + retry.length, retry };
  }

  /** New documents in one insert; those another refresh inserted first come back for a claim and a read again. */
  private async insert(documents: readonly D[]): Promise<string[]> {
    const { refused } = await insertTolerant(this.collection(), documents);
    return refused.map((index) => this.source.keyOf((documents[index] as D)._id));
  }

  async *ids(): AsyncIterable<string> {
    for await (const doc of this.collection()
      .find({ source: this.source.name } as Filter<D>, { sort: { _id: 1 }, projection: { _id: 1 } })
      .batchSize(1_000)) {
      // Ours are strings; a document of another shape (check-data on a foreign database) yields its id as text.
      yield this.source.keyOf(idText(doc._id));
    }
  }

  async dirtyIds(before: Date, limit: number): Promise<string[]> {
    const docs = await this.collection()
      .find({ source: this.source.name, dirtySince: { $lt: before } } as Filter<D>, {
        projection: { _id: 1 },
        limit,
        sort: { dirtySince: 1 },
      })
      .toArray();
    return docs.map((d) => this.source.keyOf(d._id));
  }
}
