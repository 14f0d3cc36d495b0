// Benchmarks over seeded datasets (bench:sdr-lists, bench:kpi): the parent seeds each dataset with
// `brokerhub seed-demo` in its own process, then starts one worker process per dataset (the bench script
// itself with `--worker URI`) that serves the app and answers the parent's line commands on stdin
// (`cpu`: the CPU time it has used; `rss`: its peak and current resident set; `exit`).
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const AUTOCANNON = path.join(ROOT, 'node_modules/autocannon/autocannon.js');

/** The settings every dataset benchmark reads from its environment. */
export const DATASET_SETTINGS = {
  /** Contacts per dataset, smallest first. */
  sizes: (process.env.BENCH_SIZES ?? '1000,10000').split(',').map(Number),
  rounds: Number(process.env.BENCH_ROUNDS ?? 5),
  /** About this many gateway messages per contact. */
  messages: Number(process.env.BENCH_MESSAGES ?? 10),
  /** Contacts per round of seed inserts (`seed-demo --batch`); default the whole dataset in one round (see seedDemoDataset). */
  seedBatch: process.env.BENCH_SEED_BATCH === undefined ? undefined : Number(process.env.BENCH_SEED_BATCH),
} as const;

/**
 * `brokerhub seed-demo` into the database of `uri`; returns its JSON counts. `batch` contacts per round
 * of inserts, default the whole dataset in one round: jongodb checks unique indexes by comparing every
 * document of a collection with every other on each insert command, so the seed's cost grows with the
 * number of commands times the square of the collection's size.
 */
export async function seedDemoDataset(uri: string, contacts: number, messages: number, batch?: number): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'src/main.ts', '--json', 'seed-demo', '--contacts', String(contacts), '--messages', String(messages), '--batch', String(batch ?? contacts)],
    { cwd: ROOT, env: { ...process.env, MONGODB_URI: uri, LOG_LEVEL: 'warn' }, maxBuffer: 16 * 1024 * 1024 },
  );
  return stdout.trim();
}

export interface DatasetWorker<Ready> {
  readonly size: number;
  readonly child: ChildProcessWithoutNullStreams;
  /** The first line the worker printed (its ports and key). */
  readonly ready: Ready;
  next(): Promise<string>;
}

/** Starts `script --worker uri` and waits for its first line. */
export async function startDatasetWorker<Ready>(script: string, size: number, uri: string): Promise<DatasetWorker<Ready>> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, '--worker', uri], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
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

/** CPU time the worker has used so far (user + system), in ms: our code's share of a request, without the database's. */
export async function workerCpuMs(worker: DatasetWorker<unknown>): Promise<number> {
  worker.child.stdin.write('cpu\n');
  return (JSON.parse(await worker.next()) as { cpuMs: number }).cpuMs;
}

/** Peak and current resident set (VmHWM, VmRSS) of the worker, in MiB. */
export async function workerMemory(worker: DatasetWorker<unknown>): Promise<{ peakMiB: number; rssMiB: number }> {
  worker.child.stdin.write('rss\n');
  return JSON.parse(await worker.next()) as { peakMiB: number; rssMiB: number };
}

export interface WorkerLoad {
  readonly mean: number;
  readonly p50: number;
  readonly p99: number;
  /** The worker's CPU time per request, ms. */
  readonly cpu: number;
  /** Non-2xx answers, errors and timeouts. */
  readonly non2xx: number;
}

/** `requests` GETs of `url` from autocannon in its own process, one connection, with the worker's CPU time around them. */
export async function loadWorker(worker: DatasetWorker<{ key: string }>, url: string, requests: number): Promise<WorkerLoad> {
  const cpuBefore = await workerCpuMs(worker);
  const args = [AUTOCANNON, '--json', '-c', '1', '-a', String(requests), '-t', '600', '-H', `x-api-key=${worker.ready.key}`, url];
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const report = JSON.parse(stdout) as { latency: { average: number; p50: number; p99: number }; non2xx: number; errors: number; timeouts: number };
  const cpu = ((await workerCpuMs(worker)) - cpuBefore) / requests;
  return { mean: report.latency.average, p50: report.latency.p50, p99: report.latency.p99, cpu, non2xx: report.non2xx + report.errors + report.timeouts };
}

export async function stopDatasetWorker(worker: DatasetWorker<unknown>): Promise<void> {
  worker.child.stdin.write('exit\n');
  await new Promise((resolve) => worker.child.once('exit', resolve));
}

/** Worker side: prints `ready`, then answers the parent's commands until `exit`. */
export async function serveParent(ready: unknown): Promise<void> {
  process.stdout.write(`${JSON.stringify(ready)}\n`);
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.stdout.write(`${JSON.stringify({ cpuMs: (user + system) / 1000 })}\n`);
    }
    if (line === 'rss') process.stdout.write(`${JSON.stringify(memory())}\n`);
    if (line === 'exit') break;
  }
}

function memory(): { peakMiB: number; rssMiB: number } {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peakMiB: kib('VmHWM') / 1024, rssMiB: kib('VmRSS') / 1024 };
}
