import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import type { Command } from 'commander';
import { SingleBar } from 'cli-progress';
import * as E from 'fp-ts/Either';
import { CliFailure, EXIT, type CliContext } from '../cli-context';
import { withTracedRuntime } from '../traced-action';
import { indexesOrFail } from '../data/ensure-indexes-command';
import { readGatewayExport } from './gateway-export-reader';

/** CONTRACT 8.1: loads a gateway export (JSON lines or a JSON array of records or messages.upsert events). */
export function registerGatewayImport(program: Command, ctx: CliContext): void {
  program
    .command('gateway-import')
    .description(
      'load a messaging-gateway export (JSON lines or a JSON array of message records or messages.upsert events) ' +
        'into the gateway store',
    )
    .requiredOption('--file <path>', 'the export file')
    .option('--instance <name>', 'the gateway instance of records that carry none')
    .action(async (options: { file: string; instance?: string }) => {
      const json = program.opts<{ json?: boolean }>().json === true;
      const size = await readableFileSize(options.file);
      await withTracedRuntime(ctx, 'gateway-import', async (runtime) => {
        const { useCases } = runtime.app.sdr;
        // The unique (instance, key.id) index is what makes the import idempotent: ensured first,
        // also in a gateway database of its own.
        await indexesOrFail(runtime.app.maintenance.indexes.gateway, () => undefined);
        const bar =
          !json && ctx.io.isTerminal === true
            ? new SingleBar({
                format:
                  'gateway-import [{bar}] {percentage}% | {inserted} inserted, {duplicates} duplicates, {rejected} ' +
                  'rejected',
                stream: process.stdout,
              })
            : undefined;
        bar?.start(Math.max(size, 1), 0, { inserted: 0, duplicates: 0, rejected: 0 });
        let bytes = 0;
        const result = await useCases.importGatewayMessages.execute({
          records: readGatewayExport(options.file, (read) => {
            bytes = read;
          }),
          ...(options.instance === undefined ? {} : { defaultInstance: options.instance }),
          onRejected: (line, reason) => ctx.io.err(`line ${line}: rejected: ${reason}`),
          onProgress: (counts) => bar?.update(bytes, counts),
        });
        if (E.isLeft(result)) throw new Error('unreachable');
        bar?.update(Math.max(size, 1), result.right);
        bar?.stop();
        const { inserted, duplicates, rejected } = result.right;
        ctx.io.out(
          json
            ? JSON.stringify({ inserted, duplicates, rejected })
            : `inserted ${inserted}, duplicates ${duplicates}, rejected ${rejected}`,
        );
      });
    });
}

/** Exit 1 (CONTRACT 8.1) for a missing or unreadable file, before any connection is opened. */
async function readableFileSize(path: string): Promise<number> {
  try {
    await access(path, constants.R_OK);
    const info = await stat(path);
    if (!info.isFile()) throw new Error('not a file');
    return info.size;
  } catch (error) {
    throw new CliFailure(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`, EXIT.usage);
  }
}
