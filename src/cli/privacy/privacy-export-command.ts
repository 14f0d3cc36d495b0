import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import { exportJson, type SubjectExport } from '../../application/privacy/export-subject';
import type { CliContext } from '../cli-context';
import { withTracedRuntime } from '../traced-action';
import { hubSubjectExport } from './hub-privacy-cli';
import { identifierOrFail, withIdentifierFlags, type IdentifierFlags } from './identifier-flags';

/**
 * `privacy export ... [--out FILE]`: the subject's export (as GET /privacy/subjects/export), written
 * as it is read (a file with back-pressure, or stdout); a progress bar on a terminal when writing a file.
 */
export function registerPrivacyExport(privacy: Command, ctx: CliContext): void {
  withIdentifierFlags(privacy.command('export').description("write a data subject's data as one JSON document"))
    .option('--out <file>', 'the file to write (default: stdout)')
    .option('--org <orgId>', "the hub's holdings of that organization instead (CONTRACT 12.3, 12.5)")
    .action(async (flags: IdentifierFlags & { out?: string; org?: string }) => {
      const identifier = identifierOrFail(flags);
      await withTracedRuntime(ctx, 'privacy export', async (runtime) => {
        if (flags.org !== undefined)
          return writePieces(ctx, flags.out, await hubSubjectExport(runtime, flags.org, identifier));
        const result = await runtime.app.privacy.useCases.exportSubject.execute(identifier);
        if (result._tag === 'Left') return;
        if (flags.out === undefined) {
          for await (const piece of exportJson(result.right)) ctx.io.out(piece);
          return;
        }
        const total = result.right.stores.reduce((sum, store) => sum + store.count, 0);
        await writeFile(flags.out, result.right, ctx.io.isTerminal === true ? total : undefined);
        ctx.io.err(`privacy export: ${total} document(s) written to ${flags.out}`);
      });
    });
}

async function writeFile(path: string, exported: SubjectExport, barTotal: number | undefined): Promise<void> {
  const bar =
    barTotal === undefined
      ? undefined
      : new SingleBar({ format: 'privacy export [{bar}] {value}/{total} | {store}', stream: process.stdout });
  if (barTotal !== undefined) bar?.start(barTotal, 0, { store: '' });
  const stores = exported.stores.map((store) => ({
    ...store,
    documents: ticking(store.documents, () => bar?.increment(1, { store: store.store })),
  }));
  const file = createWriteStream(path);
  try {
    for await (const piece of exportJson({ ...exported, stores })) await write(file, piece);
    file.end();
    await once(file, 'finish');
  } finally {
    bar?.stop();
    file.destroy();
  }
}

/** The hub's export (`--org`): to the file, or stdout, piece by piece. */
async function writePieces(ctx: CliContext, out: string | undefined, pieces: AsyncIterable<string>): Promise<void> {
  if (out === undefined) {
    for await (const piece of pieces) ctx.io.out(piece);
    return;
  }
  const file = createWriteStream(out);
  try {
    for await (const piece of pieces) await write(file, piece);
    file.end();
    await once(file, 'finish');
  } finally {
    file.destroy();
  }
  ctx.io.err(`privacy export: written to ${out}`);
}

async function write(file: WriteStream, piece: string): Promise<void> {
  if (!file.write(piece)) await once(file, 'drain');
}

async function* ticking<T>(documents: AsyncIterable<T>, tick: () => void): AsyncIterable<T> {
  for await (const document of documents) {
    tick();
    yield document;
  }
}
