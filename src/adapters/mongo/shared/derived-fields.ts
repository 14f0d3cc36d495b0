import { isDeepStrictEqual } from 'node:util';
import type { Db, Document } from 'mongodb';
import type { DerivedFieldStore, StaleDerivedField } from '../../../application/shared/data-checks/derived-field-check';
import { idText } from './stored-values';

/**
 * A field the repository derives at write time from other fields of the same document, for an index to serve
 * (people's `emailKeys`: CONTRACT 12.1 lookups by an e-mail in any case). Declared on that index
 * (`IndexDeclaration.derives`): every write path stores it through `derive`, ensureIndexes fills the documents
 * written before the index existed, and `check-data` verifies every document (derivedFieldCheck).
 */
export interface DerivedField<S extends string = string, V = unknown> {
  readonly field: string;
  /** The fields it is derived from; a fill writes only while they are as it read them. */
  readonly sources: readonly S[];
  derive(sources: { readonly [K in S]?: unknown }): V;
}

/** Documents read per batch of a fill. */
export const FILL_BATCH = 500;

/** A document whose field differs from what its sources give, as read. */
export interface StaleDocument extends StaleDerivedField {
  readonly document: Document;
}

/** One collection's derived field: its stale documents in `_id` order, and the conditional write that fixes one. */
export class MongoDerivedFieldStore implements DerivedFieldStore<StaleDocument> {
  constructor(
    private readonly db: Db,
    private readonly collection: string,
    private readonly derived: DerivedField,
  ) {}

  async *scan(batchSize: number): AsyncIterable<{ read: number; stale: StaleDocument[] }> {
    let read = 0;
    let stale: StaleDocument[] = [];
    for await (const document of this.db
      .collection(this.collection)
      .find({}, { sort: { _id: 1 } })
      .batchSize(batchSize)) {
      read += 1;
      if (!isDeepStrictEqual(document[this.derived.field], this.derived.derive(document)))
        stale.push({ id: idText(document._id), document });
      if (read < batchSize) continue;
      yield { read, stale };
      [read, stale] = [0, []];
    }
    if (read > 0) yield { read, stale };
  }

  async rederive({ document }: StaleDocument): Promise<boolean> {
    // Conditional on the sources as read: a write that changed them since stored its own derived value.
    const asRead = Object.fromEntries(this.derived.sources.map((source) => [source, document[source] ?? null]));
    const result = await this.db
      .collection(this.collection)
      .updateOne({ _id: document._id, ...asRead }, { $set: { [this.derived.field]: this.derived.derive(document) } });
    return result.matchedCount === 1;
  }
}

/**
 * Gives every document of `collection` the field its sources derive (ensureIndexes, before it builds the index
 * that serves the field: a fill cut short leaves no index, so the next start fills again). Answers how many it
 * wrote. Idempotent; copies starting together only find less to do.
 */
export async function fillDerivedField(db: Db, collection: string, derived: DerivedField): Promise<number> {
  const store = new MongoDerivedFieldStore(db, collection, derived);
  let filled = 0;
  for await (const { stale } of store.scan(FILL_BATCH))
    for (const document of stale) if (await store.rederive(document)) filled += 1;
  return filled;
}
