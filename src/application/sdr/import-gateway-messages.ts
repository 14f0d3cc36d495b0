import * as E from 'fp-ts/Either';
import { parseImportItem } from '../../domain/sdr/gateway-message';
import { runImport, type ImportCounts, type ImportInput, type NumberedRecord } from '../shared/import-pipeline';
import type { GatewayMessageWriter } from './ports';
import type { ContactChanges } from './read-model-ports';

/** One item of an export file: its JSON value, or why it could not be read (not JSON). */
export type ImportLine = NumberedRecord<unknown>;

export interface ImportGatewayMessagesInput extends ImportInput<unknown> {
  /** The instance of records that carry none (`--instance`). */
  readonly defaultInstance?: string;
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
  constructor(
    private readonly store: GatewayMessageWriter,
    /** The read models of the chats written (CONTRACT 10.1); absent in unit tests of the import alone. */
    private readonly readModels?: ContactChanges,
  ) {}

  async execute(input: ImportGatewayMessagesInput): Promise<E.Either<ImportGatewayMessagesError, ImportCounts>> {
    return E.right(
      await runImport(input, {
        validate: (value) => {
          const parsed = parseImportItem(value, input.defaultInstance);
          return parsed.kind === 'rejected' ? E.left(parsed.reason) : E.right(parsed.records);
        },
        write: async (records) => {
          const counts = await this.store.insertMany(records);
          if (counts.inserted > 0)
            await this.readModels?.chatsChanged(
              records.map((r) => ({ instance: r.instance, remoteJid: r.key.remoteJid })),
            );
          return counts;
        },
        batchSize: IMPORT_BATCH,
      }),
    );
  }
}
