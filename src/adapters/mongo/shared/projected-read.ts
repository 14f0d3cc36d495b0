import { BSON, Long, type Collection, type Db, type Document } from 'mongodb';

/** Any collection, whatever its documents: the stages name the fields. */
type Aggregating = Pick<Collection, 'aggregate'>;

/** A collection read by commands (periodRead): its database and its name. */
export interface NamedCollection {
  readonly db: Db;
  readonly name: string;
}

export interface ProjectedReadOptions {
  /** Applied before the fields are cut (the same index walk a find's sort takes). */
  readonly sort?: Document;
  readonly batchSize: number;
}

function stagesOf(filter: Document, fields: Document, options: ProjectedReadOptions): Document[] {
  const stages: Document[] = [{ $match: filter }];
  if (options.sort !== undefined) stages.push({ $sort: options.sort });
  stages.push({ $project: fields });
  return stages;
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
  // With `raw`, the cursor's documents are their bytes (the driver's typing does not follow the option).
  const cursor = collection.aggregate(stagesOf(filter, fields, options), { batchSize: options.batchSize, raw: true });
  try {
    // A batch at a time (one wait per reply, not one per document through the cursor's own iterator).
    while (await cursor.hasNext())
      for (const bytes of cursor.readBufferedDocuments()) yield BSON.deserialize(bytes as unknown as Uint8Array) as T;
  } finally {
    await cursor.close();
  }
}

/**
 * The same documents as projectedRead, for the KPI's period reads of whole batches (CONTRACT 8.3, 10.1): the aggregate
 * and its getMores are sent as commands in one session, and the driver decodes each reply in one pass (the same BSON
 * options, the same values). The cursor's own path (projectedRead) parses every document of a reply into an
 * on-demand document of element offsets, then cuts its bytes out, before anything decodes it: for the ~2,000
 * documents of a month's KPI that was over a third of the bytes a cold answer allocated, and of its collections'
 * work. A batch at a time (a reply's documents), not a promise per document; a cursor left before its end is killed.
 * The commands go to the primary (their default), so every getMore reaches the server holding the cursor on a replica
 * set, the deployment CONTRACT 1.1 asks for (behind several mongos a getMore could reach another one).
 */
export function periodRead<T extends Document>(
  collection: NamedCollection,
  filter: Document,
  fields: Document,
  options: ProjectedReadOptions,
): AsyncGenerator<readonly T[], void, undefined> {
  return pipelineRead<T>(collection, stagesOf(filter, fields, options), options);
}

/**
 * Any pipeline's documents read as periodRead reads them (the aggregate and its getMores as commands in one session,
 * each reply decoded in one pass, a batch at a time; a cursor left before its end is killed): for the reads whose
 * decoding is the cost, the period reads and the follower's recomputation of the chats a fold touches.
 */
export async function* pipelineRead<T extends Document>(
  collection: NamedCollection,
  pipeline: Document[],
  options: PipelineReadOptions,
): AsyncGenerator<readonly T[], void, undefined> {
  const { db, name } = collection;
  const session = db.client.startSession();
  let open: Long | undefined;
  try {
    const command: Document = { aggregate: name, pipeline, cursor: { batchSize: options.batchSize } };
    if (options.hint !== undefined) command.hint = options.hint;
    let reply = await db.command(command, { session });
    for (;;) {
      const { id, batch } = cursorOf(reply);
      open = id.isZero() ? undefined : id;
      yield batch as T[];
      if (open === undefined) return;
      reply = await db.command({ getMore: open, collection: name, batchSize: options.batchSize }, { session });
    }
  } finally {
    if (open !== undefined)
      await db.command({ killCursors: name, cursors: [open] }, { session }).catch(() => undefined);
    await session.endSession();
  }
}

export interface PipelineReadOptions {
  readonly batchSize: number;
  /** The index the pipeline's leading `$match` walks (an aggregate's `hint`). */
  readonly hint?: string;
}

/** Every document of a pipeline read with pipelineRead (a page: one reply, one decoding pass). */
export async function pipelineDocuments<T extends Document>(
  collection: NamedCollection,
  pipeline: Document[],
  options: PipelineReadOptions,
): Promise<T[]> {
  const documents: T[] = [];
  for await (const batch of pipelineRead<T>(collection, pipeline, options)) documents.push(...batch);
  return documents;
}

/** The first document of a find in one command (`singleBatch`: no cursor is left open), decoded in one pass. */
export async function firstFound(
  collection: NamedCollection,
  filter: Document,
  options: { readonly sort: Document; readonly projection: Document },
): Promise<Document | undefined> {
  const { db, name } = collection;
  const reply = await db.command({ find: name, filter, ...options, limit: 1, singleBatch: true });
  const [first] = cursorOf(reply).batch;
  return first;
}

/** A cursor id as the decoding left it: a Long, or a number (or a bigint) when it fits. */
function cursorIdOf(id: unknown): Long | undefined {
  if (id instanceof Long) return id;
  if (typeof id === 'bigint') return Long.fromBigInt(id);
  if (typeof id === 'number') return Long.fromNumber(id);
  return undefined;
}

/** A cursor reply's id and batch. */
function cursorOf(reply: Document): { readonly id: Long; readonly batch: readonly Document[] } {
  const cursor = (reply.cursor ?? {}) as { id?: unknown; firstBatch?: unknown; nextBatch?: unknown };
  const batch = cursor.firstBatch ?? cursor.nextBatch;
  if (!Array.isArray(batch)) throw new Error('the server answered a cursor command without a batch');
  const id = cursorIdOf(cursor.id);
  if (id === undefined) throw new Error('the server answered a cursor command without a cursor id');
  return { id, batch: batch as Document[] };
}
