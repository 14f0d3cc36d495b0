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
      env,
      out: (text) => {
        out.push(text);
        options.onOut?.(text);
      },
      err: (text) => err.push(text),
    },
    runtimeOptions: { serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 2_000, commandObserver: indexCoverageGuard.observer },
    logDestination: () => ({ write: (line: string) => void logs.push(line) }),
  };
  const code = await runCli(argv, ctx, options);
  return { code, out, err, logs };
}
