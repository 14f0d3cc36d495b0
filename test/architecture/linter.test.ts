import { expect } from 'chai';
import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * `npm test` runs the linter (`npm run lint`) with the repository's .oxlintrc.json. These tests show
 * that configuration refuses what TypeScript alone accepts: the fixture type-checks, yet each of its
 * breaches is reported under its rule and the run fails.
 */
const ROOT = path.resolve(__dirname, '../..');
const OXLINT = path.join(ROOT, 'node_modules/oxlint/bin/oxlint');
const FIXTURE = 'test/fixtures/lint/floating-promise.ts';

interface LintRun {
  readonly code: number | null;
  readonly diagnostics: readonly { readonly code: string; readonly line: number }[];
}

async function lint(...args: string[]): Promise<LintRun> {
  const child = spawn(process.execPath, [OXLINT, '--format', 'json', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (stdout.trim() === '') throw new Error(`oxlint printed no report (exit ${code}): ${stderr}`);
  const report = JSON.parse(stdout) as { diagnostics: { code: string; labels: { span: { line: number } }[] }[] };
  return { code, diagnostics: report.diagnostics.map((d) => ({ code: d.code, line: d.labels[0]?.span.line ?? 0 })) };
}

describe('Linter (npm run lint, .oxlintrc.json)', function () {
  // One oxlint process with its type-aware backend: a few seconds on a busy machine.
  this.timeout(60_000);

  let run: LintRun;
  before(async () => {
    run = await lint(FIXTURE);
  });

  it('fails on a floating promise, naming the rule and the line', () => {
    expect(run.code).to.not.equal(0);
    expect(run.diagnostics).to.deep.include({ code: 'typescript(no-floating-promises)', line: 10 });
  });

  it(
    'reports a promise where a void callback is expected, an await of a non-thenable, a type-only value import ' +
      'and an unused variable',
    () => {
      const codes = run.diagnostics.map((d) => d.code);
      expect(codes).to.include.members([
        'typescript(no-misused-promises)',
        'typescript(await-thenable)',
        'typescript(consistent-type-imports)',
        'eslint(no-unused-vars)',
      ]);
    },
  );

  it('the repository run leaves the fixture out', async () => {
    const ignored = await lint(
      '--ignore-pattern',
      'test/fixtures/lint/**',
      '--no-error-on-unmatched-pattern',
      'test/fixtures/lint',
    );
    expect(ignored).to.deep.equal({ code: 0, diagnostics: [] });
  });
});
