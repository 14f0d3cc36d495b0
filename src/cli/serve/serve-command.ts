import { Option, type Command } from 'commander';
import type { Server } from 'node:http';
import { HUB_PREFIX } from '../../adapters/http/hub/hub-app';
import { baseUrl, closeGracefully, listen } from '../../adapters/http/shared/listen';
import { redactUri } from '../../adapters/system/redact-uri';
import type { Runtime } from '../../runtime';
import type { Logger } from '../../adapters/system/logger';
import { deadlineIn, SystemClock, type Deadline } from '../../adapters/system/system-clock';
import type { Config } from '../../config';
import type { RunningSchedule } from '../schedule/periodic-task';
import { currentTracing } from '../../adapters/tracing/tracing-handle';
import {
  CliFailure,
  commandLogger,
  defaultServerFileChecks,
  EXIT,
  loadConfigOrFail,
  openRuntimeOrFail,
  type CliContext,
} from '../cli-context';
import { scheduleDispatch } from './dispatch-schedule';
import { startRetention } from './retention-schedule';
import { startPasswordResetCompletion } from './password-reset-schedule';
import { startSdrMaintenance } from './sdr-maintenance-schedule';
import { startErasureCompletion } from './erasure-schedule';
import { publishServerFile, serverFilePath, type PublishedServerFile } from './embedded-server-file';
import { describeRetentionChange, indexesOrFail } from '../data/ensure-indexes-command';

/**
 * SIGTERM/SIGINT to exit, whatever the API event-log backlog (CONTRACT 9.5): in-flight requests first,
 * then the event log writes for what is left, then the connections and the embedded server close.
 */
export const SHUTDOWN_BUDGET_MS = 10_000;
/** Kept back from the budget for closing Redis, the MongoDB client and the embedded server. */
export const SHUTDOWN_CLOSE_RESERVE_MS = 1_500;
/** Kept back for the exit itself: past the budget minus this, serve returns whatever is still closing. */
const EXIT_MARGIN_MS = 500;

export type ServiceName = 'sales' | 'hub';

export function registerServe(program: Command, ctx: CliContext, waitForStop: () => Promise<string>): void {
  program
    .command('serve')
    .description('start the sales service and the hub service (what npm start runs)')
    .addOption(new Option('--only <service>', 'start only one of the services').choices(['sales', 'hub']))
    .action(async (options: { only?: ServiceName }) => {
      await serve(ctx, options.only, waitForStop);
    });
}

/**
 * Resolves with the name of the first SIGTERM or SIGINT the process receives. The handlers stay
 * installed: a second signal must not kill the process mid-drain (npm forwards the terminal's Ctrl-C
 * to its child, so `npm start` delivers SIGINT twice). The drain itself is bounded.
 */
export function waitForTerminationSignal(): Promise<string> {
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals): void => resolve(signal);
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
}

async function serve(
  ctx: CliContext,
  only: ServiceName | undefined,
  waitForStop: () => Promise<string>,
): Promise<void> {
  // Listen for signals first: a Ctrl-C during start-up still shuts down cleanly.
  const stopped = waitForStop();
  const { config, warning } = loadConfigOrFail(ctx.io, 'serve');
  const logger = commandLogger(ctx, 'serve', config, warning);
  const runtime = await openRuntimeOrFail(ctx, config, logger);
  const servers = await listenAll(runtime, config, only, logger);
  const serverFile = await publishEmbeddedServer(ctx, runtime.mongoServer, logger);
  for (const { name, server } of servers) {
    const url = baseUrl(server, name === 'hub' ? HUB_PREFIX : '');
    ctx.io.out(`${name === 'sales' ? 'Sales service' : 'Hub service'}: ${url}`);
  }
  ctx.io.out(`MongoDB: ${runtime.mongoServer.kind} ${redactUri(runtime.mongoServer.uri)}`);
  for (const line of firstSteps(runtime.mongoServer.kind === 'external', serverFile !== undefined)) ctx.io.out(line);
  const schedules = await startSchedules(ctx, runtime, config, logger);

  const signal = await stopped;
  // The shutdown budget counts from the signal.
  const budget = deadlineIn(SHUTDOWN_BUDGET_MS);
  // The embedded server is about to go: CLI commands must not pick it up any more.
  await serverFile?.remove();
  logger.info({ signal }, 'shutting down: draining in-flight requests');
  await shutDown(runtime, servers, schedules, budget, logger);
}

type Listening = { name: ServiceName; server: Server }[];

/** The services asked for, listening; a failure closes what was opened. */
async function listenAll(runtime: Runtime, config: Config, only: ServiceName | undefined, logger: Logger) {
  const servers: Listening = [];
  try {
    await indexesOrFail(runtime.app.maintenance.indexes.service, (change) =>
      logger.info({ retentionChange: change }, describeRetentionChange(change)),
    );
    const wanted: { name: ServiceName; port: number }[] = [
      { name: 'sales', port: config.salesPort },
      { name: 'hub', port: config.hubPort },
    ];
    for (const service of wanted.filter((s) => only === undefined || only === s.name)) {
      try {
        servers.push({
          name: service.name,
          server: await listen(runtime.app.http[service.name], config.host, service.port),
        });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        throw new CliFailure(
          `Cannot listen on ${config.host}:${service.port} for the ${service.name} service: ${code ?? String(error)}`,
          EXIT.usage,
        );
      }
    }
  } catch (error) {
    await Promise.all(servers.map(({ server }) => closeGracefully(server, 0)));
    await runtime.close();
    throw error;
  }
  return servers;
}

interface Schedules {
  readonly dispatch: RunningSchedule | undefined;
  readonly retention: RunningSchedule | undefined;
  readonly sdrMaintenance: RunningSchedule;
  readonly passwordResets: RunningSchedule;
  readonly erasures: RunningSchedule;
}

async function startSchedules(ctx: CliContext, runtime: Runtime, config: Config, logger: Logger): Promise<Schedules> {
  const dispatch =
    config.dispatchIntervalSeconds === undefined
      ? undefined
      : scheduleDispatch(runtime.app.sales.useCases.dispatchPendingSales, config.dispatchIntervalSeconds, logger);
  if (dispatch !== undefined) ctx.io.out(`Dispatch: every ${config.dispatchIntervalSeconds} s`);
  const now = (): Date => runtime.app.clock.now();
  // CONTRACT 9.4 on a server without a TTL monitor (the embedded jongodb): the service deletes.
  const retention = await startRetention(runtime.app.maintenance.expiredDocuments, logger, { now, ...ctx.retention });
  // CONTRACT 10.1: the SDR read models followed, settled, repaired and reconciled in the background.
  const sdrMaintenance = startSdrMaintenance(runtime.app.sdr.useCases.maintainSdrReadModels, logger, {
    reconcileMs: config.sdrReconcileMinutes * 60_000,
    ...ctx.sdrMaintenance,
  });
  // CONTRACT 10.2: password resets whose request died are completed (the same link or check-data --repair also do).
  const passwordResets = startPasswordResetCompletion(runtime.app.passwordResets, logger, {
    now,
    ...ctx.passwordResets,
  });
  // CONTRACT 12.4: erasures answered 202 whose run died are finished (the sales service's, then the hub's).
  const sales = runtime.app.privacyErasure.useCases.completePendingErasures;
  const hub = runtime.app.hubPrivacy.useCases.completePendingErasures;
  const completion = { execute: async () => (await sales.execute()) + (await hub.execute()) };
  const erasures = startErasureCompletion(completion, logger, ctx.erasures);
  return { dispatch, retention, sdrMaintenance, passwordResets, erasures };
}

async function shutDown(
  runtime: Runtime,
  servers: Listening,
  schedules: Schedules,
  budget: Deadline,
  logger: Logger,
): Promise<void> {
  const left = (): number => Math.max(0, budget.leftMs() - SHUTDOWN_CLOSE_RESERVE_MS);
  // The retention sweep is not waited for: it stops before its next command, and closing the
  // connection ends the one in flight (a cut sweep is harmless; the budget is the event log's).
  void schedules.retention?.stop();
  void schedules.sdrMaintenance.stop();
  void schedules.passwordResets.stop();
  void schedules.erasures.stop();
  await Promise.all([...servers.map(({ server }) => closeGracefully(server, left())), schedules.dispatch?.stop()]);
  // A database that answers slowly must not hold the exit past the budget: the embedded server's
  // watchdog stops it when this process is gone.
  // The spans of the drained requests leave meanwhile, within the same budget (CONTRACT 13): an
  // unreachable collector costs the shutdown nothing past it.
  const [closed] = await Promise.all([
    settlesWithin(runtime.close(left()), budget.leftMs() - EXIT_MARGIN_MS),
    currentTracing().shutdown(budget.leftMs() - EXIT_MARGIN_MS),
  ]);
  if (closed) logger.info('shutdown complete');
  else logger.warn('shutdown budget spent: exiting before every connection closed');
}

/**
 * Tells CLI commands run from this checkout where the embedded server is (embedded-server-file.ts).
 * Nothing to tell for an external server (MONGODB_URI); a file that cannot be written costs only the
 * discovery, never the start.
 */
async function publishEmbeddedServer(
  ctx: CliContext,
  mongoServer: Runtime['mongoServer'],
  logger: Logger,
): Promise<PublishedServerFile | undefined> {
  if (mongoServer.kind === 'external') return undefined;
  const file = serverFilePath(ctx.io.env);
  const checks = { ...defaultServerFileChecks(), ...ctx.serverFileChecks };
  try {
    const outcome = await publishServerFile(
      file,
      { pid: process.pid, uri: mongoServer.uri, kind: mongoServer.kind },
      checks,
      new SystemClock().now(),
    );
    if ('skipped' in outcome) {
      logger.warn(outcome.skipped);
      return undefined;
    }
    logger.info({ file }, 'embedded MongoDB published for CLI commands run from this checkout');
    return outcome.published;
  } catch (error) {
    logger.warn(
      { file, err: error },
      'cannot write the server file: CLI commands will not find this embedded MongoDB (set MONGODB_URI for them)',
    );
    return undefined;
  }
}

/** The banner's first steps, as commands that can be pasted as they are. */
export function firstSteps(external: boolean, published: boolean): string[] {
  const where = external
    ? 'in another terminal, with the same MONGODB_URI'
    : published
      ? 'in another terminal, from this checkout; they use this database'
      : 'in another terminal; set MONGODB_URI to the database above first';
  return [
    `First steps (${where}):`,
    '  npm run cli -- create-user --email admin@example.com --password change-me-now --role admin',
    '  npm run cli -- create-api-key --email admin@example.com',
    '  npm run cli -- seed-demo --contacts 200',
  ];
}

async function settlesWithin(work: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, ms));
  });
  try {
    return await Promise.race([work.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}
