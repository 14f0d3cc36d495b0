import type { Command } from 'commander';
import { SingleBar } from 'cli-progress';
import type { CheckDataReport, CheckReport } from '../../application/shared/data-checks/check-data';
import { CliFailure, EXIT, type CliContext } from '../cli-context';
import { withTracedRuntime } from '../traced-action';

/**
 * CONTRACT 2, 10.2: checks every invariant of the stored data, each named, with its count of
 * violations and up to 5 example ids. Exit 0 clean, 1 with violations, 2 database unreachable.
 * Reads only, unless `--repair`: then derived or incomplete-by-design data is put right (read models
 * refreshed, chat counters recomputed, stale leases released, open refresh claims closed), each fix
 * reported, and the exit code says what is still violated. Source data is never invented or deleted:
 * what cannot be repaired is named. No index is created (a database of another product stays as it is).
 */
export function registerCheckData(program: Command, ctx: CliContext): void {
  program
    .command('check-data')
    .description(
      'check every invariant of the stored data (CONTRACT 10.2); exit 1 when one is violated; --repair fixes ' +
        'derived or incomplete data only',
    )
    .option(
      '--repair',
      'fix what is derived or incomplete by design (read models, chat counters, stale sale leases, open refresh ' +
        'claims); source data is never changed',
    )
    .action(async (options: { repair?: boolean }) => {
      const json = program.opts<{ json?: boolean }>().json === true;
      const repair = options.repair === true;
      const report = await withTracedRuntime(ctx, 'check-data', async (runtime) => {
        const bar =
          !json && ctx.io.isTerminal === true
            ? new SingleBar({
                format: 'check-data [{bar}] {value}/{total} | {check}: {scanned} read',
                stream: process.stdout,
              })
            : undefined;
        bar?.start(runtime.app.dataChecks.checks.length, 0, { check: '', scanned: 0 });
        try {
          return await runtime.app.dataChecks.execute({
            repair,
            progress: ({ check, step, scanned, pass }) =>
              bar?.update(step, { check: pass === 'recheck' ? `${check} (again)` : check, scanned }),
          });
        } finally {
          bar?.stop();
        }
      });
      ctx.io.out(json ? JSON.stringify(report) : humanReport(report));
      // Violations are a finding, not a failure of the command: the exit code carries them, the report is on stdout.
      if (report.remaining > 0)
        throw new CliFailure(`check-data: ${report.remaining} violation(s) ${repair ? 'remain' : 'found'}`, EXIT.usage);
    });
}

const repairHint = (report: CheckDataReport): string =>
  report.violations > 0 && report.checks.some((c) => c.violations > 0 && c.repairable)
    ? ' (run with --repair to fix the repairable ones)'
    : '';

function humanReport(report: CheckDataReport): string {
  const lines = report.checks.map(checkLine);
  const notRepairable = report.checks.filter((c) => c.remaining > 0 && !c.repairable);
  for (const check of notRepairable) lines.push(`not repairable: ${check.name}: ${check.notRepairable ?? ''}`);
  const summary = report.repair
    ? `${report.checks.length} checks: ${report.violations} violation(s) found, ${report.repaired} repaired, ` +
      `${report.remaining} remaining`
    : `${report.checks.length} checks: ${report.violations} violation(s)${repairHint(report)}`;
  lines.push(summary);
  return lines.join('\n');
}

function checkLine(check: CheckReport): string {
  if (check.violations === 0) return `ok    ${check.name}: 0 violations`;
  const examples = `e.g. ${check.examples.join(', ')}`;
  const repaired = check.repaired > 0 ? `; repaired ${check.repaired}, ${check.remaining} remaining` : '';
  return (
    `${check.remaining === 0 ? 'fixed' : 'FAIL '} ${check.name}: ${check.violations} violation(s) ` +
    `(${examples})${repaired}`
  );
}
