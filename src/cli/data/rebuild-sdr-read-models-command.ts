import type { Command } from 'commander';
import { SingleBar } from 'cli-progress';
import { startStopwatch } from '../../adapters/system/system-clock';
import { withRuntime, type CliContext } from '../cli-context';
import { ensureIndexesOrFail } from './ensure-indexes-command';

/**
 * CONTRACT 2, 10.1: rebuilds the SDR contact and chat read models from their sources (interactions,
 * persons, sales, the gateway's messages). Idempotent, and safe while the service runs: every document
 * is refreshed the way a write refreshes it (claimed, read, written only if no fresher refresh came).
 */
export function registerRebuildSdrReadModels(program: Command, ctx: CliContext): void {
  program
    .command('rebuild-sdr-read-models')
    .description(
      'rebuild the SDR contact and chat read models from their sources (idempotent, safe while the service runs)',
    )
    .action(async () => {
      const json = program.opts<{ json?: boolean }>().json === true;
      await withRuntime(ctx, 'rebuild-sdr-read-models', async (runtime) => {
        await ensureIndexesOrFail(runtime.app.platform.db, runtime.app.indexes, () => undefined);
        const bar =
          !json && ctx.io.isTerminal === true
            ? new SingleBar({
                format: 'rebuild-sdr-read-models [{bar}] {percentage}% | {phase} {value}/{total}',
                stream: process.stdout,
              })
            : undefined;
        let phase: string | undefined;
        const stopwatch = startStopwatch();
        const counts = await runtime.app.sdr.useCases.rebuildSdrReadModels.execute(({ phase: now, done, total }) => {
          if (bar === undefined) return;
          if (phase !== now) {
            if (phase !== undefined) bar.stop();
            phase = now;
            bar.start(Math.max(total, 1), 0, { phase: now });
          }
          bar.update(done, { phase: now });
        });
        bar?.stop();
        const ms = stopwatch.elapsedMs();
        if (json) ctx.io.out(JSON.stringify({ ...counts, ms }));
        else
          ctx.io.out(
            `rebuilt ${counts.chats} chat(s) and ${counts.contacts} contact(s): ${counts.written} document(s) ` +
              `written, ${counts.superseded} left to a fresher refresh, in ${(ms / 1000).toFixed(1)} s`,
          );
      });
    });
}
