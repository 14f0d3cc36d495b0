import type { Db } from 'mongodb';

/** One collection's indexes; each `<thing>-collection.ts` exports one and the composition root lists them. */
export interface CollectionIndexes {
  readonly collection: string;
  ensure(db: Db): Promise<void>;
}

/** Creates every listed index (idempotent: createIndex on an existing identical index is a no-op). */
export async function ensureIndexes(db: Db, all: readonly CollectionIndexes[]): Promise<string[]> {
  for (const entry of all) await entry.ensure(db);
  return all.map((entry) => entry.collection);
}
