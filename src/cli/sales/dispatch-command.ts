import { Option, type Command } from 'commander';
import { SingleBar } from 'cli-progress';
import * as E from 'fp-ts/Either';
import type { DispatchReport } from '../../application/sales/dispatch-pending-sales';
import { CliFailure, EXIT, type CliContext } from '../cli-context';
import { withTracedRuntime } from '../traced-action';
import { integerFlag } from '../integer-flag';

export function registerDispatch(program: Command, ctx: CliContext): void {
  const json = (): boolean => program.opts<{ json?: boolean }>().json === true;
  program
    .command('dispatch')
    .description('one pass of the sale dispatch job (what cron runs): send pending sales to SALES_WEBHOOK_URL')
    .addOption(
      new Option('--limit <n>', 'claim at most N sales in this pass').argParser(
        integerFlag('--limit', 1, Number.MAX_SAFE_INTEGER),
      ),
    )
    .addOption(
      new Option(
        '--deadline <seconds>',
        'end the pass after this many seconds: nothing more is claimed, unsent sales are released (default 600)',
      ).argParser(integerFlag('--deadline', 1, MAX_DEADLINE_SECONDS)),
    )
    .addOption(
      new Option('--concurrency <n>', 'batches sent at once (default 1)').argParser(
        integerFlag('--concurrency', 1, MAX_CONCURRENCY),
      ),
    )
    .option('--dry-run', 'print the envelopes that would be sent and change nothing')
    .action((options: DispatchOptions) => dispatch(ctx, json(), options));
}

function print(ctx: CliContext, report: DispatchReport, json: boolean, dryRun: boolean): void {
  if (json) {
    ctx.io.out(JSON.stringify(report));
    return;
  }
  if (dryRun) {
    for (const envelope of report.envelopes ?? []) ctx.io.out(JSON.stringify(envelope, null, 2));
    ctx.io.out(
      `dry run: ${report.eligible} eligible, ${report.skipped} skipped (vendor webhooks disabled); nothing was ` +
        'sent or changed',
    );
    return;
  }
  const outcomes = Object.entries(report.outcomes).map(([outcome, batches]) => `${outcome} x${batches}`);
  ctx.io.out(
    `claimed ${report.claimed}, delivered ${report.delivered}, failed ${report.failed}, skipped ${report.skipped}`,
  );
  ctx.io.out(`destination: ${outcomes.length === 0 ? 'nothing sent' : outcomes.join(', ')}`);
  if (report.deadlineReached) {
    ctx.io.out(
      `deadline reached: released ${report.released} unsent sales; they and the failed ones stay pending for the ` +
        'next pass',
    );
  }
}

/** A day: a pass is one cron run, and timers cannot wait much longer than 24 days anyway. */
const MAX_DEADLINE_SECONDS = 86_400;
/** Bounded (CONTRACT 9.5): more parallel POSTs than this only pile up at the destination. */
const MAX_CONCURRENCY = 32;

interface DispatchOptions {
  readonly limit?: number;
  readonly deadline?: number;
  readonly concurrency?: number;
  readonly dryRun?: boolean;
}

async function dispatch(ctx: CliContext, json: boolean, options: DispatchOptions): Promise<void> {
  await withTracedRuntime(ctx, 'dispatch', async (runtime) => {
    const dispatch = runtime.app.sales.useCases.dispatchPendingSales;
    const bar =
      !json && options.dryRun !== true && ctx.io.isTerminal === true
        ? new SingleBar({ format: 'dispatch [{bar}] {value}/{total} sales', stream: process.stdout })
        : undefined;
    let started = false;
    const result = await dispatch.execute({
      ...(options.limit === undefined ? {} : { limit: options.limit }),
      ...(options.deadline === undefined ? {} : { deadlineMs: options.deadline * 1000 }),
      ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
      dryRun: options.dryRun === true,
      onBatch: (progress) => {
        if (bar === undefined) {
          if (!json)
            ctx.io.out(
              `batch: ${progress.claimed} claimed so far, ${progress.delivered} delivered, ${progress.failed} failed`,
            );
          return;
        }
        if (!started) bar.start(Math.min(progress.eligible, options.limit ?? Number.POSITIVE_INFINITY), 0);
        started = true;
        bar.update(progress.claimed);
      },
    });
    bar?.stop();
    if (E.isLeft(result)) throw new CliFailure('SALES_WEBHOOK_URL is not configured: nothing was sent', EXIT.usage);
    print(ctx, result.right, json, options.dryRun === true);
  });
}
