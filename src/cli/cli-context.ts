import * as E from 'fp-ts/Either';
import pino from 'pino';
import { formatConfigError, loadConfig, type Config, type LogLevel } from '../config';
import { createLogger, type Logger } from '../adapters/system/logger';
import { DependencyUnavailableError, openRuntime, type Runtime, type RuntimeOptions } from '../runtime';

/** CONTRACT section 2: 0 success, 1 usage or input error, 2 a dependency is unreachable. */
export const EXIT = { ok: 0, usage: 1, unavailable: 2 } as const;

/** A command failed in a way the user should read (printed on stderr, no stack trace). */
export class CliFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
    this.name = 'CliFailure';
  }
}

export interface CliIo {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** stdout is a terminal (progress bars); false or absent for pipes, files and tests. */
  readonly isTerminal?: boolean;
}

export interface CliContext {
  readonly io: CliIo;
  readonly runtimeOptions?: RuntimeOptions;
  /** Where logs go: stdout for `serve`, stderr for the one-shot commands (stdout is their output). */
  readonly logDestination?: (command: string) => pino.DestinationStream;
}

/** Only `serve` runs the HTTP services, the one use of the JWT secrets. */
export function loadConfigOrFail(io: CliIo, command: string): { config: Config; warning: string | undefined } {
  const loaded = loadConfig(io.env, { needsJwtSecrets: command === 'serve' });
  if (E.isLeft(loaded)) throw new CliFailure(formatConfigError(loaded.left), EXIT.usage);
  return loaded.right;
}

export function commandLogger(ctx: CliContext, command: string, config: Config, warning: string | undefined): Logger {
  const destination = ctx.logDestination?.(command) ?? pino.destination({ fd: command === 'serve' ? 1 : 2, sync: true });
  // A one-shot command's output is for people: its logs say only what went wrong (CONTRACT 2).
  const logger = createLogger(command === 'serve' ? config.logLevel : atLeastWarn(config.logLevel), destination);
  if (warning !== undefined) logger.warn(warning);
  return logger;
}

const LEVEL_ORDER: readonly LogLevel[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

function atLeastWarn(level: LogLevel): LogLevel {
  return LEVEL_ORDER.indexOf(level) < LEVEL_ORDER.indexOf('warn') ? 'warn' : level;
}

export async function openRuntimeOrFail(ctx: CliContext, config: Config, logger: Logger): Promise<Runtime> {
  try {
    return await openRuntime(config, logger, ctx.runtimeOptions);
  } catch (error) {
    if (error instanceof DependencyUnavailableError) throw new CliFailure(error.message, EXIT.unavailable);
    throw error;
  }
}

/** Runs `fn` with a runtime and always closes it (connections, embedded server). */
export async function withRuntime<T>(
  ctx: CliContext,
  command: string,
  fn: (runtime: Runtime, config: Config, logger: Logger) => Promise<T>,
): Promise<T> {
  const { config, warning } = loadConfigOrFail(ctx.io, command);
  const logger = commandLogger(ctx, command, config, warning);
  const runtime = await openRuntimeOrFail(ctx, config, logger);
  try {
    return await fn(runtime, config, logger);
  } finally {
    await runtime.close();
  }
}
