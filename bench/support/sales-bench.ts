// What bench:auth and bench:sdr share: the real sales app on loopback (composition root, rate limiter
// kept in the chain but never throttling, API event log, embedded MongoDB), autocannon in a separate
// process so the load generator does not share the server's event loop, and interleaved rounds
// summarized by their median; and the database commands one request of each route sends.
import { execFile } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import type Router from '@koa/router';
import * as E from 'fp-ts/Either';
import pino from 'pino';
import type { GuardDeps } from '../../src/adapters/http/sales/guards';
import { closeGracefully, listen } from '../../src/adapters/http/shared/listen';
import { ensureIndexes } from '../../src/adapters/mongo/shared/collection-indexes';
import { loadConfig } from '../../src/config';
import type { Overrides } from '../../src/composition-root';
import { openRuntime, type Runtime } from '../../src/runtime';
import { CommandCounter, describeTally, totalOf, type CommandTally } from './command-count';

const run = promisify(execFile);
/** What the API event log may take at close to write its backlog. */
const CLOSE_BUDGET_MS = 1_000;
const AUTOCANNON = path.resolve(__dirname, '../../node_modules/autocannon/autocannon.js');

export interface Target {
  readonly name: string;
  readonly url: string;
  readonly method?: 'GET' | 'PATCH' | 'POST';
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface Result {
  readonly name: string;
  /** Median of the rounds: one disturbed round (a GC storm, the database flushing) does not decide. */
  readonly requestsPerSecond: number;
  /** Worst p99 of the rounds. */
  readonly p99Ms: number;
  readonly non2xx: number;
  /** Requests per second of each round, in the order run (for ratios taken round by round). */
  readonly rounds: readonly number[];
  /**
   * CPU time of this process (the server's) per request, each round: on a shared machine the
   * requests/s follow the CPU share the server happened to get, this figure much less.
   */
  readonly cpuMicrosPerRequest: readonly number[];
}

export type Sample = Omit<Result, 'name' | 'rounds' | 'cpuMicrosPerRequest'> & { readonly cpuMicrosPerRequest: number };

/**
 * One autocannon run of `target` in a child process: its mean requests/s, p99 (ms), non-2xx count and CPU per request.
 */
export async function load(target: Target, seconds: number, connections: number): Promise<Sample> {
  const args = [AUTOCANNON, '--json', '-c', String(connections), '-d', String(seconds), '-m', target.method ?? 'GET'];
  for (const [key, value] of Object.entries(target.headers ?? {})) args.push('-H', `${key}=${value}`);
  if (target.body !== undefined) args.push('-b', target.body);
  args.push(target.url);
  // The server runs in this process and only this target is loaded meanwhile: the CPU this process
  // spends is what serving these requests cost, whatever share of the machine it got.
  const cpuBefore = process.cpuUsage();
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const cpu = process.cpuUsage(cpuBefore);
  const report = JSON.parse(stdout) as {
    requests: { average: number; total: number };
    latency: { p99: number };
    non2xx: number;
  };
  return {
    requestsPerSecond: report.requests.average,
    p99Ms: report.latency.p99,
    non2xx: report.non2xx,
    cpuMicrosPerRequest: (cpu.user + cpu.system) / Math.max(1, report.requests.total),
  };
}

/**
 * A short warm-up per target (JIT, caches), then interleaved rounds: whatever drifts during the run
 * (collections grow, the database competes for CPU) weighs on every target alike instead of on
 * whichever runs last.
 */
export async function measureInterleaved(
  targets: readonly Target[],
  options: {
    rounds: number;
    seconds: number;
    connections: number;
    warmupSeconds: number;
    order?: 'fixed' | 'mirror';
    /** Run after each load, outside the measured window (write a backlog the load left behind). */
    settle?: () => Promise<void>;
  },
): Promise<Result[]> {
  const settle = options.settle ?? (async () => undefined);
  for (const target of targets) {
    await load(target, options.warmupSeconds, options.connections);
    await settle();
  }
  const samples = new Map<string, Sample[]>();
  for (let round = 0; round < options.rounds; round += 1) {
    // mirror: every other round runs backwards (A B C, C B A, ...), so neighbours in the list stay side
    // by side in time and neither always runs first (after the other's GC, its backlog).
    const order = options.order === 'mirror' && round % 2 === 1 ? [...targets].reverse() : targets;
    for (const target of order) {
      samples.set(target.name, [
        ...(samples.get(target.name) ?? []),
        await load(target, options.seconds, options.connections),
      ]);
      await settle();
    }
  }
  return targets.map(({ name }) => {
    const runs = samples.get(name) ?? [];
    const rates = runs.map((r) => r.requestsPerSecond).sort((a, b) => a - b);
    return {
      name,
      requestsPerSecond: rates[Math.floor(rates.length / 2)] ?? 0,
      p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
      non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
      rounds: runs.map((r) => r.requestsPerSecond),
      cpuMicrosPerRequest: runs.map((r) => r.cpuMicrosPerRequest),
    };
  });
}

export interface SalesBench {
  readonly runtime: Runtime;
  /** `http://127.0.0.1:<port>` */
  readonly baseUrl: string;
  /** The database commands one request of `target` sends (served in-process, counted by the MongoDB client). */
  commandsOf(target: Target): Promise<CommandTally>;
  close(): Promise<void>;
}

/**
 * The real sales app listening on loopback, indexes created, with `benchRouters` mounted after the real
 * ones; on `mongodbUri` when given (a server the bench started), else on its own embedded server.
 */
export async function startSalesBench(
  benchRouters: (guards: GuardDeps) => readonly Router[],
  options: { mongodbUri?: string; env?: Readonly<Record<string, string>>; overrides?: Overrides } = {},
): Promise<SalesBench> {
  const loaded = loadConfig({
    ...options.env,
    ...(options.mongodbUri === undefined ? {} : { MONGODB_URI: options.mongodbUri }),
    LOG_LEVEL: 'silent',
    SALES_JWT_SECRET: 'bench-sales-jwt-secret-of-at-least-32-bytes',
    HUB_JWT_SECRET: 'bench-hub-jwt-secret-of-at-least-32-bytes!',
  });
  if (E.isLeft(loaded)) throw new Error(loaded.left.problem);
  const counter = new CommandCounter();
  const runtime = await openRuntime(loaded.right.config, pino({ level: 'silent' }), {
    commandObserver: counter.observer,
    overrides: {
      salesRateLimit: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 },
      ...options.overrides,
      extraSalesRouters: benchRouters,
    },
  });
  let server: Server;
  const app = runtime.app.http.sales;
  try {
    await ensureIndexes(runtime.app.platform.db, runtime.app.indexes);
    server = await listen(app, '127.0.0.1', 0);
  } catch (error) {
    await runtime.close();
    throw error;
  }
  return {
    runtime,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async commandsOf(target) {
      const url = new URL(target.url);
      // Koa answers every request itself (errors through ctx.onerror), so its promise is left unawaited
      // oxlint-disable-next-line typescript/no-misused-promises
      const probe = await counter.countRequest(app.callback(), {
        path: `${url.pathname}${url.search}`,
        ...(target.method === undefined ? {} : { method: target.method }),
        ...(target.headers === undefined ? {} : { headers: target.headers }),
        ...(target.body === undefined ? {} : { body: target.body }),
      });
      if (probe.status >= 300) throw new Error(`${target.name}: the command-count probe answered ${probe.status}`);
      return probe.commands;
    },
    close: async () => {
      await closeGracefully(server, 1_000);
      // The load leaves a backlog of API events the embedded database writes slowly: a bench does not
      // wait for it (its figures are taken), as serve does not past its shutdown budget (CONTRACT 9.5).
      await runtime.close(CLOSE_BUDGET_MS);
    },
  };
}

/**
 * Counts and prints the database commands of one request of each target, before any load: the
 * steady figure (second request), and the first request's apart when it differs (a credential's
 * first request fills the guard's cache). Answers the steady figures by target name.
 */
export async function printCommandCounts(
  bench: SalesBench,
  targets: readonly Target[],
  heading: string,
): Promise<Map<string, CommandTally>> {
  const steadyByName = new Map<string, CommandTally>();
  process.stdout.write(`\n${heading}\n`);
  for (const target of targets) {
    const first = await bench.commandsOf(target);
    const steady = await bench.commandsOf(target);
    steadyByName.set(target.name, steady);
    process.stdout.write(`  ${target.name.padEnd(30)}${describeTally(steady)}\n`);
    if (totalOf(first) !== totalOf(steady))
      process.stdout.write(`  ${''.padEnd(30)}(first request: ${describeTally(first)})\n`);
  }
  return steadyByName;
}

export function runBench(name: string, main: () => Promise<void>): void {
  main().then(
    // A benchmark that missed its target sets process.exitCode (non-zero) before returning.
    () => process.exit(process.exitCode ?? 0),
    (error: unknown) => {
      process.stderr.write(
        `${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
