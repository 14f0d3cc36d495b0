import { MongoBulkWriteError, type Collection, type Document } from 'mongodb';
import { isDuplicateKey, writeErrorsOf } from './mongo-errors';

export interface TolerantInsertResult {
  readonly inserted: number;
  /** The positions (in the documents given) of those a unique index refused, ascending. */
  readonly refused: readonly number[];
}

/**
 * The one duplicate-tolerant bulk insert: the documents in one unordered `insertMany`; a document a
 * unique index refuses is reported, not thrown (idempotent imports, retried batches, racing writers);
 * any other failure rejects. mongod inserts the rest of an unordered batch and names the refused ones;
 * jongodb refuses the whole batch and inserts none of it (CONTRACT 1.1): when the accounts do not add
 * up, the documents go one at a time, each refusal reported. The documents given are not changed.
 */
export async function insertTolerant<T extends Document>(
  collection: Collection<T>,
  documents: readonly T[],
): Promise<TolerantInsertResult> {
  if (documents.length === 0) return { inserted: 0, refused: [] };
  try {
    await collection.insertMany(documents.map((d) => ({ ...d })) as never[], { ordered: false });
    return { inserted: documents.length, refused: [] };
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    if (error instanceof MongoBulkWriteError) {
      const writeErrors = writeErrorsOf(error);
      if (writeErrors.length > 0 && error.result.insertedCount + writeErrors.length === documents.length) {
        const refused = writeErrors.map((e) => e.index).sort((a, b) => a - b);
        return { inserted: error.result.insertedCount, refused };
      }
    }
    return insertOneByOne(collection, documents);
  }
}

async function insertOneByOne<T extends Document>(
  collection: Collection<T>,
  documents: readonly T[],
): Promise<TolerantInsertResult> {
  let inserted = 0;
  const refused: number[] = [];
  for (const [index, document] of documents.entries()) {
    try {
      await collection.insertOne({ ...document } as never);
      inserted += 1;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      refused.push(index);
    }
  }
  return { inserted, refused };
}
