import * as E from 'fp-ts/Either';
import pino from 'pino';
import { formatConfigError, loadConfig, type Config, type LogLevel } from '../config';
import { createLogger, type Logger } from '../adapters/system/logger';
import { redactUri } from '../adapters/system/redact-uri';
import {
  databaseAnswers,
  DependencyUnavailableError,
  openRuntime,
  type Runtime,
  type RuntimeOptions,
} from '../runtime';
import { lookUpServerFile, processState, serverFilePath, type ServerFileChecks } from './serve/embedded-server-file';
import type { RetentionOptions } from './serve/retention-schedule';
import type { PasswordResetScheduleOptions } from './serve/password-reset-schedule';
import type { ErasureScheduleOptions } from './serve/erasure-schedule';
import type { SdrMaintenanceOptions } from './serve/sdr-maintenance-schedule';

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
  /** How the running serve's server file is checked (embedded-server-file.ts); tests replace parts. */
  readonly serverFileChecks?: Partial<ServerFileChecks>;
  /** `serve`'s retention on a server without a TTL monitor (retention-schedule.ts); tests replace parts. */
  readonly retention?: RetentionOptions;
  /** `serve`'s SDR read-model maintenance (sdr-maintenance-schedule.ts); tests shorten its tick and interval. */
  readonly sdrMaintenance?: Partial<SdrMaintenanceOptions>;
  /**
   * `serve`'s completion of password resets a dead request left (password-reset-schedule.ts); tests shorten its tick.
   */
  readonly passwordResets?: PasswordResetScheduleOptions;
  /** `serve`'s completion of pending erasures (erasure-schedule.ts); tests shorten its tick. */
  readonly erasures?: ErasureScheduleOptions;
}

/** Only `serve` runs the HTTP services, the one use of the JWT secrets. */
export function loadConfigOrFail(io: CliIo, command: string): { config: Config; warning: string | undefined } {
  const loaded = loadConfig(io.env, { needsJwtSecrets: command === 'serve' });
  if (E.isLeft(loaded)) throw new CliFailure(formatConfigError(loaded.left), EXIT.usage);
  return loaded.right;
}

export function commandLogger(ctx: CliContext, command: string, config: Config, warning: string | undefined): Logger {
  const destination =
    ctx.logDestination?.(command) ?? pino.destination({ fd: command === 'serve' ? 1 : 2, sync: true });
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

/** What a one-shot command prints (stderr) when it runs on a server of its own, gone when it ends. */
export const EPHEMERAL_NOTE =
  'Note: MONGODB_URI is not set and no serve with an embedded MongoDB runs from this checkout, so this ran against ' +
  'a throw-away embedded MongoDB; start the service (npm start) or set MONGODB_URI to keep the result.';

export function defaultServerFileChecks(): ServerFileChecks {
  return {
    uid: process.getuid?.() ?? -1,
    processState,
    answers: databaseAnswers,
  };
}

/**
 * MONGODB_URI always wins. Without it, the embedded server of a `serve` running from this checkout
 * (its server file) is used, with one stderr line saying so; a file that cannot be trusted is
 * ignored with one line saying why. Answers the environment the command's configuration is read from.
 */
export async function resolveDatabase(
  ctx: CliContext,
): Promise<{ env: CliIo['env']; runtimeOptions: RuntimeOptions | undefined }> {
  const { env } = ctx.io;
  if (env.MONGODB_URI !== undefined && env.MONGODB_URI !== '') return { env, runtimeOptions: ctx.runtimeOptions };
  const file = serverFilePath(env);
  const lookup = await lookUpServerFile(file, { ...defaultServerFileChecks(), ...ctx.serverFileChecks });
  if (lookup.found === 'ignored') ctx.io.err(`Ignoring ${file}: ${lookup.reason}.`);
  if (lookup.found !== 'server') return { env, runtimeOptions: ctx.runtimeOptions };
  const { pid, uri, kind } = lookup.file;
  ctx.io.err(
    `Using the database of the service running from this checkout (serve pid ${pid}, embedded ${kind} at ` +
      `${redactUri(uri)}); set MONGODB_URI to use another one.`,
  );
  return {
    env: { ...env, MONGODB_URI: uri },
    runtimeOptions: kind === 'jongodb' ? { ...ctx.runtimeOptions, serverMonitoringMode: 'poll' } : ctx.runtimeOptions,
  };
}

/** Runs `fn` with a runtime and always closes it (connections, embedded server). */
export async function withRuntime<T>(
  ctx: CliContext,
  command: string,
  fn: (runtime: Runtime, config: Config, logger: Logger) => Promise<T>,
): Promise<T> {
  // Configuration errors first: a bad variable is reported before any file or server is looked at.
  loadConfigOrFail(ctx.io, command);
  const database = await resolveDatabase(ctx);
  const resolvedCtx: CliContext = {
    ...ctx,
    io: { ...ctx.io, env: database.env },
    ...(database.runtimeOptions === undefined ? {} : { runtimeOptions: database.runtimeOptions }),
  };
  const { config, warning } = loadConfigOrFail(resolvedCtx.io, command);
  const logger = commandLogger(resolvedCtx, command, config, warning);
  const runtime = await openRuntimeOrFail(resolvedCtx, config, logger);
  if (runtime.mongoServer.kind !== 'external') ctx.io.err(EPHEMERAL_NOTE);
  try {
    return await fn(runtime, config, logger);
  } finally {
    await runtime.close();
  }
}
