import { MongoServerError, type Db, type Document } from 'mongodb';
import { describeTtl, type RetentionChange } from '../../../application/shared/index-setup';
import { fillDerivedField, type DerivedField } from './derived-fields';

export { describeTtl, type RetentionChange };

/** One index, as data: what `createIndex` receives, and what the test suite's index-coverage guard reads. */
export interface IndexDeclaration {
  readonly key: Readonly<Record<string, 1 | -1>>;
  readonly name: string;
  readonly unique?: boolean;
  readonly partialFilterExpression?: Document;
  /**
   * A TTL index (CONTRACT 9.4, see ./retention.ts): the server removes a document this many seconds
   * after the Date in the index's one field. Only on a single-field index.
   */
  readonly expireAfterSeconds?: number;
  /**
   * The field the repository derives at write time for this index to serve (./derived-fields.ts): documents
   * written before the index existed get it before the index is built.
   */
  readonly derives?: DerivedField;
}

/**
 * One collection's indexes besides `_id` (always indexed); each `<thing>-collection.ts` exports one
 * per collection it owns and its area's `indexes.ts` lists them.
 */
export interface CollectionIndexes {
  readonly collection: string;
  readonly indexes: readonly IndexDeclaration[];
}

/** The server could change an index's time-to-live neither in place (collMod) nor by dropping it. */
export class RetentionChangeError extends Error {
  constructor(
    readonly change: RetentionChange,
    reasons: readonly string[],
  ) {
    super(
      `Cannot change the time-to-live of index ${change.index} of ${change.collection} from ` +
        `${describeTtl(change.fromSeconds)} to ${describeTtl(change.toSeconds)}: ${reasons.join('; ')}. ` +
        'Drop that index by hand, then run ensure-indexes again.',
    );
    this.name = 'RetentionChangeError';
  }
}

/**
 * An existing index of the declared name and key has another partial filter (an index that became
 * partial), and the server could not drop it to build the declared one.
 */
export class IndexFilterChangeError extends Error {
  constructor(
    readonly collection: string,
    readonly index: string,
    reason: string,
  ) {
    super(
      `Cannot change the partial filter of index ${index} of ${collection}: ${reason}. Drop that index by hand, ` +
        'then run ensure-indexes again.',
    );
    this.name = 'IndexFilterChangeError';
  }
}

export interface EnsureIndexesOptions {
  /** Told about every index whose time-to-live was changed, once the change is made. */
  readonly onRetentionChange?: (change: RetentionChange) => void;
}

/**
 * Creates every listed index, in order (idempotent: createIndex on an existing identical index is a
 * no-op). A collection created by its first index exists before any transaction inserts into it.
 *
 * createIndex cannot change the options of an existing index (a real mongod refuses with
 * IndexOptionsConflict; jongodb keeps the old ones silently), so an index whose time-to-live no longer
 * matches its declaration (a changed EVENT_LOG_RETENTION_DAYS, a plain index that became a TTL index)
 * is found in `listIndexes` first and changed: in place with collMod, or else dropped and created anew.
 * An index whose partial filter differs from its declaration (a unique index that became partial so it
 * refuses fewer writes) is dropped and created anew the same way. An index that serves a derived field and
 * does not exist yet is built after every document has the field (the upgrade that brings the field).
 */
export async function ensureIndexes(
  db: Db,
  all: readonly CollectionIndexes[],
  options: EnsureIndexesOptions = {},
): Promise<string[]> {
  for (const { collection, indexes } of all) {
    const existing = await existingIndexes(db, collection);
    for (const declared of indexes) {
      const change = retentionChangeOf(collection, existing, declared);
      if (change !== undefined) await changeRetention(db, declared, change);
      else if (filterChanged(existing, declared)) await dropForRebuild(db, collection, declared.name);
      const { key, derives, ...createOptions } = declared;
      if (derives !== undefined && !existing.some((index) => index.name === declared.name))
        await fillDerivedField(db, collection, derives);
      // mongodb 7's three-argument replacement passes index options to the server unchecked: moving
      // needs its own check against jongodb and a real mongod (docs/decisions.md "Linter").
      // oxlint-disable-next-line typescript/no-deprecated
      await db.collection(collection).createIndex({ ...key }, createOptions);
      if (change !== undefined) options.onRetentionChange?.(change);
    }
  }
  return all.map((entry) => entry.collection);
}

/**
 * The change `declared` needs, when `existing` (listIndexes output) has an index of that name and key
 * with another time-to-live. Any other difference is left to createIndex, which reports it.
 */
export function retentionChangeOf(
  collection: string,
  existing: readonly Document[],
  declared: IndexDeclaration,
): RetentionChange | undefined {
  const found = existing.find((index) => index.name === declared.name);
  if (found === undefined || !sameKey(found.key as Document, declared.key)) return undefined;
  const fromSeconds = found.expireAfterSeconds === undefined ? undefined : Number(found.expireAfterSeconds);
  const toSeconds = declared.expireAfterSeconds;
  return fromSeconds === toSeconds ? undefined : { collection, index: declared.name, fromSeconds, toSeconds };
}

const NAMESPACE_NOT_FOUND = 26;
const INDEX_NOT_FOUND = 27;

async function existingIndexes(db: Db, collection: string): Promise<Document[]> {
  try {
    return await db.collection(collection).listIndexes().toArray();
  } catch (error) {
    // A real mongod answers listIndexes on a collection that does not exist yet with NamespaceNotFound.
    if (error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND) return [];
    throw error;
  }
}

/**
 * collMod changes a TTL in place on every mongod, and turns a plain single-field index into a TTL
 * index from MongoDB 5.1 on; it cannot make a TTL index plain. Whatever it refuses, the index is
 * dropped and the caller creates it again (a rebuild). Several instances starting at once may race
 * here: a drop that finds the index already gone is fine.
 */
async function changeRetention(db: Db, declared: IndexDeclaration, change: RetentionChange): Promise<void> {
  const reasons: string[] = [];
  if (change.toSeconds !== undefined) {
    try {
      await db.command({
        collMod: change.collection,
        index: { name: declared.name, expireAfterSeconds: change.toSeconds },
      });
      return;
    } catch (error) {
      if (!(error instanceof MongoServerError)) throw error;
      reasons.push(`collMod: ${error.message}`);
    }
  }
  try {
    await db.collection(change.collection).dropIndex(declared.name);
  } catch (error) {
    if (!(error instanceof MongoServerError)) throw error;
    if (error.code === INDEX_NOT_FOUND) return;
    reasons.push(`dropIndexes: ${error.message}`);
    throw new RetentionChangeError(change, reasons);
  }
}

/** `existing` has an index of the declared name and key whose partialFilterExpression is another one. */
export function filterChanged(existing: readonly Document[], declared: IndexDeclaration): boolean {
  const found = existing.find((index) => index.name === declared.name);
  if (found === undefined || !sameKey(found.key as Document, declared.key)) return false;
  // listIndexes returns the filter as it was given; both sides are plain documents from declarations.
  return (
    JSON.stringify(found.partialFilterExpression ?? null) !== JSON.stringify(declared.partialFilterExpression ?? null)
  );
}

async function dropForRebuild(db: Db, collection: string, name: string): Promise<void> {
  try {
    await db.collection(collection).dropIndex(name);
  } catch (error) {
    if (!(error instanceof MongoServerError)) throw error;
    if (error.code === INDEX_NOT_FOUND) return;
    throw new IndexFilterChangeError(collection, name, `dropIndexes: ${error.message}`);
  }
}

function sameKey(existing: Document, declared: IndexDeclaration['key']): boolean {
  const a = Object.entries(existing);
  const b = Object.entries(declared);
  return (
    a.length === b.length && a.every(([field, direction], i) => b[i]?.[0] === field && Number(direction) === b[i]?.[1])
  );
}
