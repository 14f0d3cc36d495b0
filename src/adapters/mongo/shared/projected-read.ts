import { BSON, type Collection, type Document } from 'mongodb';

/** Any collection, whatever its documents: the stages name the fields. */
type Aggregating = Pick<Collection, 'aggregate'>;

export interface ProjectedReadOptions {
  /** Applied before the fields are cut (the same index walk a find's sort takes). */
  readonly sort?: Document;
  readonly batchSize: number;
}

/**
 * The documents of `filter` with only `fields`, as an aggregate (`$match`, then `$sort`, then `$project`) rather than a
 * find with a projection: the embedded server (CONTRACT 1.1) honours the stage and ignores a find's projection, so the
 * service decodes the same few fields on both; a real mongod walks the same index for the `$match` at the head of the
 * pipeline as for the find's filter. For period and page reads, where the decoding is the cost (CONTRACT 10.1): the
 * driver hands each document over as its BSON bytes (`raw`) and this decodes them with the driver's own BSON library,
 * the same values at about half the driver's cost per document (its lazy reply parsing is for documents read in part).
 */
export async function* projectedRead<T extends Document>(
  collection: Aggregating,
  filter: Document,
  fields: Document,
  options: ProjectedReadOptions,
): AsyncGenerator<T, void, undefined> {
  const stages: Document[] = [{ $match: filter }];
  if (options.sort !== undefined) stages.push({ $sort: options.sort });
  stages.push({ $project: fields });
  // With `raw`, the cursor's documents are their bytes (the driver's typing does not follow the option).
  const cursor = collection.aggregate(stages, { batchSize: options.batchSize, raw: true });
  try {
    // A batch at a time (one wait per reply, not one per document through the cursor's own iterator).
    while (await cursor.hasNext())
      for (const bytes of cursor.readBufferedDocuments()) yield BSON.deserialize(bytes as unknown as Uint8Array) as T;
  } finally {
    await cursor.close();
  }
}
