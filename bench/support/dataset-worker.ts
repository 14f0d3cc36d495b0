// Benchmarks over seeded datasets (bench:sdr-lists, bench:kpi): the parent seeds each dataset with
// the seed-demo use case in its own process (seed-dataset.ts), then starts one worker process per
// dataset (the bench script itself with `--worker URI`) that serves the app and answers the parent's
// line commands on stdin (`cpu`: the CPU time it has used; `rss`: its peak and current resident set;
// `rss-reset`: a full collection and a new peak; `count PORT PATH`: the database commands of one request; `exit`).
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import type { CommandFailedEvent, CommandSucceededEvent, MongoClient } from 'mongodb';
import { CommandCounter, commandKey, type CommandTally } from './command-count';
import { runBenchProcess } from './bench-process';
import type { SeedPart, SeedSpec } from './seed-dataset';
import type { SeedDemoContactsOutput } from '../../src/application/sdr/demo/seed-demo-contacts';
import type { MongoServerKind } from '../../src/adapters/mongo/shared/embedded-mongo';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const AUTOCANNON = path.join(ROOT, 'node_modules/autocannon/autocannon.js');

/** The settings every dataset benchmark reads from its environment. */
export const DATASET_SETTINGS = {
  /** Contacts per dataset, smallest first. */
  sizes: (process.env.BENCH_SIZES ?? '1000,3000').split(',').map(Number),
  rounds: Number(process.env.BENCH_ROUNDS ?? 5),
  /** About this many gateway messages per contact. */
  messages: Number(process.env.BENCH_MESSAGES ?? 10),
  /**
   * Contacts per round of seed inserts (`seed-demo --batch`); default the whole dataset in one round (see
   * seedDemoDataset).
   */
  seedBatch: process.env.BENCH_SEED_BATCH === undefined ? undefined : Number(process.env.BENCH_SEED_BATCH),
} as const;

/**
 * The seed-demo use case (as `brokerhub seed-demo` runs it) into the database of `uri`, in a process of
 * its own, one part after the other; returns the counts of each part. `batch` contacts per round of
 * inserts, default a whole part in one round: jongodb checks unique indexes by comparing every
 * document of a collection with every other on each insert command, so the seed's cost grows with
 * the number of commands times the square of the collection's size.
 */
export async function seedDataset(
  uri: string,
  parts: readonly SeedPart[],
  messages: number,
  batch?: number,
): Promise<SeedDemoContactsOutput[]> {
  const spec: SeedSpec = { uri, messages, parts, ...(batch === undefined ? {} : { batch }) };
  return runBenchProcess<SeedDemoContactsOutput[]>(path.join(__dirname, 'seed-dataset.ts'), spec);
}

/** `1000 contacts: 791 people, 312 sales, 693 SDR interactions, 9594 gateway messages` */
export const describeSeed = (counts: readonly SeedDemoContactsOutput[]): string =>
  counts
    .map(
      (c) =>
        `${c.contacts} contacts: ${c.people} people, ${c.sales} sales, ${c.interactions} SDR interactions, ` +
        `${c.messages} gateway messages`,
    )
    .join(' + ');

export interface DatasetWorker<Ready> {
  readonly size: number;
  readonly child: ChildProcessWithoutNullStreams;
  /** The first line the worker printed (its ports and key). */
  readonly ready: Ready;
  next(): Promise<string>;
}

/** Tells a worker which kind of server its URI points at (see workerMonitoring). */
const SERVER_KIND_ENV = 'BENCH_MONGO_SERVER_KIND';

/**
 * Starts `script --worker uri` and waits for its first line. `serverKind`: the kind of server the parent started
 * (startMongoServer), for workerMonitoring; `nodeFlags`: Node's options for the worker (`--expose-gc` for
 * workerPeakReset).
 */
export async function startDatasetWorker<Ready>(
  script: string,
  size: number,
  uri: string,
  serverKind?: MongoServerKind,
  nodeFlags: readonly string[] = [],
): Promise<DatasetWorker<Ready>> {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', script, '--worker', uri], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: serverKind === undefined ? process.env : { ...process.env, [SERVER_KIND_ENV]: serverKind },
  });
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(`[worker ${size}] ${chunk.toString('utf8')}`));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async (): Promise<string> => {
    const { value, done } = await lines.next();
    if (done === true) throw new Error(`worker ${size} exited`);
    return value;
  };
  const ready = JSON.parse(await next()) as Ready;
  return { size, child, ready, next };
}

/**
 * Worker side: the openRuntime options a worker needs to talk to its server as `serve` would. The worker gets the URI
 * of the server the parent started, which openRuntime takes for an external one and watches with the driver's
 * streaming `hello`; `serve` with its own jongodb polls instead (CONTRACT 1.1; connectMongo): jongodb ends the stream
 * about once a second, the driver marks the server unknown and clears its pool, and the next command waits ~500 ms
 * (the driver's minimum heartbeat interval) for server selection and opens a new connection, one stall per second of
 * load that the service on the embedded server never has.
 */
export const workerMonitoring = (): { serverMonitoringMode?: 'poll' } =>
  process.env[SERVER_KIND_ENV] === 'jongodb' ? { serverMonitoringMode: 'poll' } : {};

/**
 * CPU time the worker has used so far (user + system, every thread), in ms: our code's share of a
 * request, without the database's; and the time its event loop was busy (main thread: JavaScript,
 * GC pauses; not V8's background threads nor the waits for the database).
 */
export async function workerUsage(worker: DatasetWorker<unknown>): Promise<{ cpuMs: number; busyMs: number }> {
  worker.child.stdin.write('cpu\n');
  return JSON.parse(await worker.next()) as { cpuMs: number; busyMs: number };
}

/** Peak and current resident set (VmHWM, VmRSS) of the worker, in MiB. */
export async function workerMemory(worker: DatasetWorker<unknown>): Promise<{ peakMiB: number; rssMiB: number }> {
  worker.child.stdin.write('rss\n');
  return JSON.parse(await worker.next()) as { peakMiB: number; rssMiB: number };
}

/**
 * Starts a new peak of the worker's resident set: a full collection (when the worker runs with `--expose-gc`), then
 * Linux's reset of the high-water mark (`5` into /proc/self/clear_refs). Answers whether both happened (`reset`
 * false: the peak still counts from the worker's start).
 */
export async function workerPeakReset(worker: DatasetWorker<unknown>): Promise<{ collected: boolean; reset: boolean }> {
  worker.child.stdin.write('rss-reset\n');
  return JSON.parse(await worker.next()) as { collected: boolean; reset: boolean };
}

export interface WorkerLoad {
  readonly mean: number;
  readonly p50: number;
  readonly p99: number;
  /** The worker's CPU time per request, ms. */
  readonly cpu: number;
  /** The worker's event loop busy time per request, ms. */
  readonly busy: number;
  /** Wall time of the whole load, ms. */
  readonly wallMs: number;
  /** Non-2xx answers, errors and timeouts. */
  readonly non2xx: number;
}

/**
 * `requests` GETs of `url` from autocannon in its own process, one connection, with the worker's CPU time around them.
 */
export async function loadWorker(
  worker: DatasetWorker<{ key: string }>,
  url: string,
  requests: number,
): Promise<WorkerLoad> {
  const before = await workerUsage(worker);
  const started = Date.now();
  const args = [
    AUTOCANNON,
    '--json',
    '-c',
    '1',
    '-a',
    String(requests),
    '-t',
    '600',
    '-H',
    `x-api-key=${worker.ready.key}`,
    url,
  ];
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const report = JSON.parse(stdout) as {
    latency: { average: number; p50: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  const after = await workerUsage(worker);
  const wallMs = Date.now() - started;
  return {
    mean: report.latency.average,
    p50: report.latency.p50,
    p99: report.latency.p99,
    cpu: (after.cpuMs - before.cpuMs) / requests,
    busy: (after.busyMs - before.busyMs) / requests,
    wallMs,
    non2xx: report.non2xx + report.errors + report.timeouts,
  };
}

export async function stopDatasetWorker(worker: DatasetWorker<unknown>): Promise<void> {
  worker.child.stdin.write('exit\n');
  await new Promise((resolve) => worker.child.once('exit', resolve));
}

/**
 * The database commands of one request the worker serves on `port` (see WorkerCommandCounter), with the database's time
 * for each.
 */
export interface RequestCommands {
  readonly status: number;
  readonly commands: CommandTally;
  /** Milliseconds the database took per command name (the driver's round trip, as the command monitor reports it). */
  readonly durations: ReadonlyMap<string, number>;
}

export async function workerCommands(
  worker: DatasetWorker<{ key: string }>,
  port: number,
  pathAndQuery: string,
): Promise<RequestCommands> {
  worker.child.stdin.write(`count ${port} ${pathAndQuery}\n`);
  const answer = JSON.parse(await worker.next()) as {
    status: number;
    commands: [string, number][];
    durations: [string, number][];
  };
  return { status: answer.status, commands: new Map(answer.commands), durations: new Map(answer.durations) };
}

/** The database time the worker's commands took since the last call, by command name (ms, commands), slowest first. */
export async function workerDatabaseTime(worker: DatasetWorker<unknown>): Promise<[string, [number, number]][]> {
  worker.child.stdin.write('db-time\n');
  return JSON.parse(await worker.next()) as [string, [number, number]][];
}

/** `aggregate gateway_messages 12.3 s (18), update sdr_contacts 4.1 s (6)`: the `top` slowest. */
export const describeDatabaseTime = (spent: readonly [string, [number, number]][], top = 4): string =>
  spent
    .slice(0, top)
    .map(([name, [ms, n]]) => `${name} ${(ms / 1000).toFixed(1)} s (${n})`)
    .join(', ');

/**
 * Worker side: counts the commands of one request (CommandCounter) and sums the database's time of
 * each (the driver's `commandSucceeded`/`commandFailed` durations of the commands the request sent).
 * Pass `observer` to openRuntime, then `attach` the runtime's client.
 */
export class WorkerCommandCounter {
  private readonly counter = new CommandCounter();
  private readonly keys = new Map<number, string>();
  private durations: Map<string, number> | undefined;
  /** Every command's database time since the last `totals()`, by name: [ms, commands]. */
  private spent = new Map<string, [number, number]>();
  private readonly apps = new Map<
    number,
    { handler: (req: IncomingMessage, res: ServerResponse) => void; key: string }
  >();

  readonly observer = (event: Parameters<CommandCounter['observer']>[0]): void => {
    this.counter.observer(event);
    this.keys.set(event.requestId, commandKey(event));
  };

  attach(client: MongoClient): void {
    const done = (event: CommandSucceededEvent | CommandFailedEvent): void => {
      const key = this.keys.get(event.requestId);
      if (key === undefined) return;
      this.keys.delete(event.requestId);
      const [ms, n] = this.spent.get(key) ?? [0, 0];
      this.spent.set(key, [ms + event.duration, n + 1]);
      this.durations?.set(key, (this.durations.get(key) ?? 0) + event.duration);
    };
    client.on('commandSucceeded', done);
    client.on('commandFailed', done);
  }

  /** The app served on `port` (its request handler), and the API key the probe sends. */
  serve(port: number, handler: (req: IncomingMessage, res: ServerResponse) => void, key: string): void {
    this.apps.set(port, { handler, key });
  }

  /** The database time of every command since the last call (by name: ms and count), slowest first. */
  totals(): string {
    const spent = [...this.spent].sort((a, b) => b[1][0] - a[1][0]);
    this.spent = new Map();
    return JSON.stringify(spent);
  }

  async answer(port: number, pathAndQuery: string): Promise<string> {
    const app = this.apps.get(port);
    if (app === undefined) throw new Error(`no app on port ${port}`);
    this.durations = new Map();
    try {
      const probe = await this.counter.countRequest(app.handler, {
        path: pathAndQuery,
        headers: { 'x-api-key': app.key },
      });
      return JSON.stringify({ status: probe.status, commands: [...probe.commands], durations: [...this.durations] });
    } finally {
      this.durations = undefined;
    }
  }
}

/** Worker side: prints `ready`, then answers the parent's commands until `exit`. */
export async function serveParent(ready: unknown, counter?: WorkerCommandCounter): Promise<void> {
  process.stdout.write(`${JSON.stringify(ready)}\n`);
  for await (const line of createInterface({ input: process.stdin })) {
    const count = /^count (\d+) (.+)$/.exec(line);
    if (count !== null && counter !== undefined)
      process.stdout.write(`${await counter.answer(Number(count[1]), count[2] ?? '/')}\n`);
    if (line === 'db-time' && counter !== undefined) process.stdout.write(`${counter.totals()}\n`);
    if (line === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.stdout.write(
        `${JSON.stringify({ cpuMs: (user + system) / 1000, busyMs: performance.eventLoopUtilization().active })}\n`,
      );
    }
    if (line === 'rss') process.stdout.write(`${JSON.stringify(memory())}\n`);
    if (line === 'rss-reset') process.stdout.write(`${JSON.stringify(resetPeak())}\n`);
    if (line === 'exit') break;
  }
}

function memory(): { peakMiB: number; rssMiB: number } {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peakMiB: kib('VmHWM') / 1024, rssMiB: kib('VmRSS') / 1024 };
}

function resetPeak(): { collected: boolean; reset: boolean } {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  let reset = true;
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    reset = false;
  }
  return { collected: gc !== undefined, reset };
}
