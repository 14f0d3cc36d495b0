import * as E from 'fp-ts/Either';

/**
 * One record of an import source, numbered as its file numbers it (the line it starts on): its value,
 * or why it could not be read at all (not JSON, a CSV row of another length).
 */
export type NumberedRecord<T> =
  { readonly line: number; readonly value: T } | { readonly line: number; readonly unreadable: string };

/** What an import did: items written, items that were there already, records refused. */
export interface ImportCounts {
  readonly inserted: number;
  readonly duplicates: number;
  readonly rejected: number;
}

/** What one idempotent batch write did. */
export interface BatchWritten {
  readonly inserted: number;
  readonly duplicates: number;
}

/** An import's own steps: how a record is validated and how a batch is written. */
export interface ImportSteps<T, W> {
  /** The items a record stands for (one record may carry several), or why it is refused. */
  validate(value: T): E.Either<string, readonly W[]>;
  /** Writes a batch idempotently: an item stored already is a duplicate and changes nothing. */
  write(batch: readonly W[]): Promise<BatchWritten>;
  /** Items per write: a round trip amortized, memory kept flat. */
  readonly batchSize: number;
}

/** The caller's side of an import: the records, streamed, and what it is told as they go. */
export interface ImportInput<T> {
  readonly records: AsyncIterable<NumberedRecord<T>>;
  /** Each refused record, as it is met: it never stops the rest. */
  readonly onRejected?: (line: number, reason: string) => void;
  /** The counts so far, after each written batch. */
  readonly onProgress?: (counts: ImportCounts) => void;
}

/**
 * The one import pipeline (`gateway-import`, `import-policies`): records are read as they are asked
 * for, validated one by one, written in bounded batches, counted. A rerun writes nothing new: the
 * writes are idempotent, so an import interrupted half-way is completed by running it again.
 */
export async function runImport<T, W>(input: ImportInput<T>, steps: ImportSteps<T, W>): Promise<ImportCounts> {
  let inserted = 0;
  let duplicates = 0;
  let rejected = 0;
  let batch: W[] = [];
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const written = await steps.write(batch);
    inserted += written.inserted;
    duplicates += written.duplicates;
    batch = [];
    input.onProgress?.({ inserted, duplicates, rejected });
  };
  for await (const record of input.records) {
    const validated = 'unreadable' in record ? E.left(record.unreadable) : steps.validate(record.value);
    if (E.isLeft(validated)) {
      rejected += 1;
      input.onRejected?.(record.line, validated.left);
      continue;
    }
    batch.push(...validated.right);
    if (batch.length >= steps.batchSize) await flush();
  }
  await flush();
  return { inserted, duplicates, rejected };
}
