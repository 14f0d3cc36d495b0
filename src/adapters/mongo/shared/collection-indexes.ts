import type { Db, Document } from 'mongodb';

/** One index, as data: what `createIndex` receives, and what the test suite's index-coverage guard reads. */
export interface IndexDeclaration {
  readonly key: Readonly<Record<string, 1 | -1>>;
  readonly name: string;
  readonly unique?: boolean;
  readonly partialFilterExpression?: Document;
  readonly expireAfterSeconds?: number;
}

/**
 * One collection's indexes besides `_id` (always indexed); each `<thing>-collection.ts` exports one
 * per collection it owns and its area's `indexes.ts` lists them.
 */
export interface CollectionIndexes {
  readonly collection: string;
  readonly indexes: readonly IndexDeclaration[];
}

/**
 * Creates every listed index, in order (idempotent: createIndex on an existing identical index is a
 * no-op). A collection created by its first index exists before any transaction inserts into it.
 */
export async function ensureIndexes(db: Db, all: readonly CollectionIndexes[]): Promise<string[]> {
  for (const { collection, indexes } of all) {
    for (const { key, ...options } of indexes) await db.collection(collection).createIndex({ ...key }, options);
  }
  return all.map((entry) => entry.collection);
}
