import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_FILE_VARIABLE } from '../../src/cli/serve/embedded-server-file';
import type { CliContext } from '../../src/cli/cli-context';
import { runCli, type ProgramOptions } from '../../src/cli/program';
import { indexCoverageGuard } from './index-coverage/index-coverage-guard';

export interface CliRun {
  readonly code: number;
  readonly out: string[];
  readonly err: string[];
  /** The JSON log lines the command wrote. */
  readonly logs: string[];
}

/**
 * A test's commands never find a `serve` the developer runs from this checkout: unless the test names
 * a server file (BROKERHUB_SERVER_FILE), they look for one no serve writes (a test's serve writes
 * one of its own, see serve-child.ts).
 */
export function withIsolatedServerFile<T extends Record<string, string | undefined>>(
  env: T,
  name = `no-server-${process.pid}`,
): T {
  if (env[SERVER_FILE_VARIABLE] !== undefined) return env;
  return { ...env, [SERVER_FILE_VARIABLE]: path.join(tmpdir(), `brokerhub-test-${name}.json`) };
}

/** Runs the real commander program in-process with captured output and the given environment. */
export async function runCliCaptured(
  argv: string[],
  env: Record<string, string | undefined>,
  options: ProgramOptions & { onOut?: (line: string) => void; serverSelectionTimeoutMS?: number } = {},
): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const logs: string[] = [];
  const ctx: CliContext = {
    io: {
      env: withIsolatedServerFile(env),
      out: (text) => {
        out.push(text);
        options.onOut?.(text);
      },
      err: (text) => err.push(text),
    },
    runtimeOptions: {
      serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 2_000,
      commandObserver: indexCoverageGuard.observer,
    },
    logDestination: () => ({ write: (line: string) => void logs.push(line) }),
  };
  const code = await runCli(argv, ctx, options);
  return { code, out, err, logs };
}

export interface CliProcessResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * `brokerhub` as a real process (`src/main.ts` through tsx), with this process's environment plus
 * `env`; the JWT secrets and LOG_LEVEL are not inherited unless `env` gives them, so a test sees what
 * an operator's shell without them would.
 */
export function runCliProcess(
  args: readonly string[],
  env: Readonly<Record<string, string>>,
): Promise<CliProcessResult> {
  const childEnv: Record<string, string | undefined> = withIsolatedServerFile({ ...process.env, ...env });
  for (const name of ['SALES_JWT_SECRET', 'HUB_JWT_SECRET', 'LOG_LEVEL']) if (!(name in env)) delete childEnv[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], { env: childEnv });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}
