import * as E from 'fp-ts/Either';
import { parseImportItem, type GatewayMessageRecord } from '../../domain/sdr/gateway-message';
import type { GatewayMessageStore } from './ports';

/** One item of an export file: its JSON value, or why it could not be read (not JSON). */
export type ImportLine = { readonly line: number; readonly value: unknown } | { readonly line: number; readonly unreadable: string };

export interface ImportGatewayMessagesInput {
  readonly items: AsyncIterable<ImportLine>;
  /** The instance of records that carry none (`--instance`). */
  readonly defaultInstance?: string;
  /** Called for each rejected item, as it is met. */
  readonly onRejected?: (line: number, reason: string) => void;
  /** Called after each stored batch with the counts so far. */
  readonly onProgress?: (counts: ImportCounts) => void;
}

export interface ImportCounts {
  readonly inserted: number;
  readonly duplicates: number;
  readonly rejected: number;
}

/** Nothing can fail as a whole once the file is open: bad items are counted, never stop the rest. */
export type ImportGatewayMessagesError = never;

/** Records stored per write. */
export const IMPORT_BATCH = 500;

/**
 * `brokerhub gateway-import` (CONTRACT 8.1): records and `messages.upsert` events of a gateway export,
 * stored in bounded batches as the gateway stores them, idempotent on (instance, key.id).
 */
export class ImportGatewayMessages {
  constructor(private readonly store: GatewayMessageStore) {}

  async execute(input: ImportGatewayMessagesInput): Promise<E.Either<ImportGatewayMessagesError, ImportCounts>> {
    let inserted = 0;
    let duplicates = 0;
    let rejected = 0;
    let batch: GatewayMessageRecord[] = [];
    const flush = async (): Promise<void> => {
      if (batch.length === 0) return;
      const counts = await this.store.insertMany(batch);
      inserted += counts.inserted;
      duplicates += counts.duplicates;
      batch = [];
      input.onProgress?.({ inserted, duplicates, rejected });
    };
    for await (const item of input.items) {
      const parsed = 'unreadable' in item ? { kind: 'rejected' as const, reason: item.unreadable } : parseImportItem(item.value, input.defaultInstance);
      if (parsed.kind === 'rejected') {
        rejected += 1;
        input.onRejected?.(item.line, parsed.reason);
        continue;
      }
      batch.push(...parsed.records);
      if (batch.length >= IMPORT_BATCH) await flush();
    }
    await flush();
    return E.right({ inserted, duplicates, rejected });
  }
}
