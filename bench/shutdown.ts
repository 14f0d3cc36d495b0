// npm run bench:shutdown — CONTRACT 9.5: SIGTERM after load at capacity ends the process in at most
// 10 s whatever the API event-log backlog, and the event log accounts for every entry. Each round starts
// `brokerhub serve --only sales` as a child process on a fresh database of one MongoDB that outlives it
// (embedded, or MONGODB_URI), loads it with autocannon (a separate process) for BENCH_LOAD_SECONDS
// (default 30) and sends SIGTERM while the load still runs. Then: exit code, time from the signal to
// the exit, and the event log's closing line (recorded, written, dropped, failed, notWritten,
// unconfirmed) against what autocannon received (produced) and what reached the database.
// Baseline: the same shutdown of an idle server, interleaved with the loaded rounds (BENCH_ROUNDS of
// each, default and minimum 5). Prints median and spread; exits 1 when a loaded round misses the target.
import 'reflect-metadata';
import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { startMongoServer, withDatabase } from '../src/adapters/mongo/shared/embedded-mongo';
import { connectMongo } from '../src/adapters/mongo/shared/mongo-connection';
import { runBench } from './support/sales-bench';
import type { ApiEventLogTally } from '../src/adapters/api-event-log/batching-options';
import type { LoadResult, LoadSpec } from './support/rotating-ip-load';

const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const ROUNDS = Math.max(5, Number(process.env.BENCH_ROUNDS ?? 5));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** CONTRACT 9.5. */
const TARGET_MS = 10_000;

const ROOT = path.resolve(__dirname, '..');
const LOAD = path.resolve(__dirname, 'support/rotating-ip-load.ts');
const run = promisify(execFile);

type Tally = ApiEventLogTally;

interface Round {
  readonly exitCode: number | null;
  readonly exitMs: number;
  readonly produced: number;
  readonly stored: number;
  readonly tally: Tally | undefined;
}

/** One round: serve on its own database, optional load, SIGTERM under it, then the accounts. */
async function round(mongoUri: string, loadSeconds: number): Promise<Round> {
  const database = `bench_shutdown_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  // TRUST_PROXY=1: the load's requests each come from an address of their own (X-Forwarded-For).
  const env = {
    ...process.env,
    MONGODB_URI: withDatabase(mongoUri, database),
    HOST: '127.0.0.1',
    SALES_PORT: '0',
    LOG_LEVEL: 'info',
    TRUST_PROXY: '1',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve', '--only', 'sales'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const lines: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    void exited.then((code) => reject(new Error(`serve exited early with ${code}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      // Only the event log's own lines are kept (at info every request has its line).
      if (line.includes('api event log')) lines.push(line);
      if (line.startsWith('Sales service: ')) resolve(line.slice('Sales service: '.length));
    });
  });

  // GET of a path no route declares, each request from its own address: a 404 each, none throttled,
  // and every answer an event-log entry of its own. (Requests refused before any work, a flood of
  // 401s and 429s, are only counted (CONTRACT 9.5): they would leave no backlog to measure.)
  let load: Promise<{ stdout: string }> | undefined;
  if (loadSeconds > 0) {
    // The load outlasts the signal by 3 s: SIGTERM arrives under load.
    const spec: LoadSpec = {
      url: `${url}/nowhere`,
      method: 'GET',
      connections: CONNECTIONS,
      seconds: loadSeconds + 3,
      ipBlock: 5,
    };
    load = run(process.execPath, ['--import', 'tsx', LOAD, JSON.stringify(spec)], { maxBuffer: 16 * 1024 * 1024 });
    await new Promise((resolve) => setTimeout(resolve, loadSeconds * 1_000));
  }
  const signalled = Date.now();
  child.kill('SIGTERM');
  const exitCode = await exited;
  const exitMs = Date.now() - signalled;
  let produced = 0;
  if (load !== undefined) {
    const report = JSON.parse((await load).stdout.trim().split('\n').pop() ?? '{}') as LoadResult;
    produced = Object.values(report.statuses).reduce((sum, n) => sum + n, 0);
  }

  const closing = lines
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((entry) => typeof entry.msg === 'string' && entry.msg.startsWith('api event log closed'));
  const tally = closing as unknown as Tally | undefined;
  const reader = await connectMongo(withDatabase(mongoUri, database));
  try {
    // A write under way at the deadline may land a little later: count until the figure holds.
    const count = () => reader.db.collection('api_event_logs').countDocuments({});
    let stored = await count();
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const again = await count();
      if (again === stored) break;
      stored = again;
    }
    return { exitCode, exitMs, produced, stored, tally };
  } finally {
    await reader.close();
  }
}

/** Entries accounted for: in the database, or reported dropped, failed or not written. */
function accounted(r: Round): boolean {
  const t = r.tally;
  if (t === undefined) return r.produced === 0 && r.stored === 0;
  const landedLate = r.stored - t.written;
  return (
    t.recorded === r.produced &&
    landedLate >= 0 &&
    landedLate <= t.unconfirmed &&
    r.stored + t.dropped + t.failed + t.notWritten + (t.unconfirmed - landedLate) === r.produced
  );
}

const median = (xs: readonly number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const seconds = (ms: number): string => `${(ms / 1_000).toFixed(2)} s`;

async function main(): Promise<void> {
  const mongo = await startMongoServer({ uri: process.env.MONGODB_URI, log: () => undefined });
  try {
    process.stdout.write(
      `brokerhub bench:shutdown — ${ROUNDS} interleaved rounds of SIGTERM after ${LOAD_SECONDS} s of load ` +
        `(${CONNECTIONS} connections, autocannon in its own process) and of SIGTERM on an idle server; MongoDB: ` +
        `${mongo.kind}\n` +
        `target: every loaded round exits 0 within ${TARGET_MS / 1_000} s, and written + reported ` +
        `dropped/failed/not written = produced\n\n`,
    );
    const loaded: Round[] = [];
    const idle: Round[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      // Alternate which variant goes first, so drift weighs on both alike.
      const order = i % 2 === 0 ? (['loaded', 'idle'] as const) : (['idle', 'loaded'] as const);
      for (const variant of order) {
        const r = await round(mongo.uri, variant === 'loaded' ? LOAD_SECONDS : 0);
        (variant === 'loaded' ? loaded : idle).push(r);
        const t = r.tally;
        const detail =
          t === undefined
            ? 'no closing line'
            : `produced ${r.produced}, recorded ${t.recorded}, in database ${r.stored} (written ${t.written}), ` +
              `dropped ${t.dropped}, failed ${t.failed}, not written ${t.notWritten}, ` +
              `unconfirmed ${t.unconfirmed}`;
        process.stdout.write(
          `round ${i + 1} ${variant.padEnd(6)} exit ${r.exitCode} after ${seconds(r.exitMs)}; ${detail}; ` +
            `accounted: ${accounted(r) ? 'yes' : 'NO'}\n`,
        );
      }
    }
    const summary = (name: string, rounds: readonly Round[]) => {
      const times = rounds.map((r) => r.exitMs);
      process.stdout.write(
        `${name.padEnd(8)} time to exit: median ${seconds(median(times))}, spread ${seconds(Math.min(...times))} – ` +
          `${seconds(Math.max(...times))}\n`,
      );
    };
    process.stdout.write('\n');
    summary('loaded', loaded);
    summary('idle', idle);
    const missed = loaded.filter(
      (r) => r.exitCode !== 0 || r.exitMs > TARGET_MS || !accounted(r) || r.tally === undefined,
    );
    const idleMissed = idle.filter((r) => r.exitCode !== 0 || r.exitMs > TARGET_MS);
    const met = missed.length === 0 && idleMissed.length === 0;
    process.stdout.write(
      `target (exit 0 within ${TARGET_MS / 1_000} s, every entry accounted for): ` +
        `${met ? 'met' : `MISSED in ${missed.length + idleMissed.length} round(s)`}\n`,
    );
    if (!met) process.exitCode = 1;
  } finally {
    await mongo.stop();
  }
}

runBench('bench:shutdown', main);
