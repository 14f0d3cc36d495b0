import { access, constants, stat } from 'node:fs/promises';
import type { Command } from 'commander';
import { SingleBar } from 'cli-progress';
import * as E from 'fp-ts/Either';
import type { ImportCounts } from '../../application/shared/import-pipeline';
import { CliFailure, EXIT, type CliContext } from '../cli-context';
import { ensureIndexes } from '../data/ensure-indexes-command';
import { withTracedRuntime } from '../traced-action';
import { checkPolicyCsv, PolicyCsvFileError, readPolicyCsv } from './policy-csv';

export function registerImportPolicies(program: Command, ctx: CliContext): void {
  program
    .command('import-policies')
    .description(
      'import insurance policies from a CSV file (comma-separated, header row with the creation fields); ' +
        'idempotent on policyNumber',
    )
    .requiredOption('--file <path>', 'the CSV file')
    .action(async (options: { file: string }) => {
      const json = program.opts<{ json?: boolean }>().json === true;
      const size = await readableSize(options.file);
      // The whole file is checked first (header, quotes): a broken file imports nothing.
      try {
        await checkPolicyCsv(options.file);
      } catch (error) {
        if (error instanceof PolicyCsvFileError)
          throw new CliFailure(`${options.file}: ${error.message}; nothing was imported`, EXIT.usage);
        throw error;
      }
      await withTracedRuntime(ctx, 'import-policies', async (runtime) => {
        // The unique policy number is what makes a rerun change nothing: the index exists before any row.
        await ensureIndexes(runtime.app.maintenance.indexes.policies);
        const bar =
          !json && ctx.io.isTerminal === true
            ? new SingleBar({ format: 'import-policies [{bar}] {percentage}% | {rows} rows', stream: process.stdout })
            : undefined;
        bar?.start(size, 0, { rows: 0 });
        const result = await runtime.app.policies.useCases.importPolicies.execute({
          records: readPolicyCsv(options.file, (progress) => bar?.update(progress.bytes, { rows: progress.rows })),
          onRejected: (line, reason) => ctx.io.err(`line ${line}: ${reason}`),
        });
        if (E.isLeft(result)) throw new Error('unreachable');
        const counts = result.right;
        // Each data row is one of these.
        bar?.update(size, { rows: counts.inserted + counts.duplicates + counts.rejected });
        bar?.stop();
        print(ctx, counts, json);
      });
    });
}

async function readableSize(file: string): Promise<number> {
  try {
    await access(file, constants.R_OK);
    const info = await stat(file);
    if (!info.isFile()) throw new CliFailure(`${file} is not a file`, EXIT.usage);
    return info.size;
  } catch (error) {
    if (error instanceof CliFailure) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliFailure(
      code === 'ENOENT' ? `${file}: no such file` : `${file}: cannot be read (${code ?? String(error)})`,
      EXIT.usage,
    );
  }
}

function print(ctx: CliContext, counts: ImportCounts, json: boolean): void {
  if (json) {
    ctx.io.out(JSON.stringify(counts));
    return;
  }
  ctx.io.out(`inserted ${counts.inserted}, duplicates ${counts.duplicates}, rejected ${counts.rejected}`);
}
