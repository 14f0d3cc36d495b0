// npm run bench:soak — issue 25 item 4: `brokerhub serve` (a child process, on a fresh database of the
// embedded MongoDB or MONGODB_URI) under BENCH_SOAK_SECONDS (default 600) of mixed read and write load
// from a separate process (bench/support/mixed-load.ts in soak mode: 60 % reads — lists, contacts, chat
// histories, KPI, lookups, bad API keys, unknown paths, probes, metrics — and 40 % the writes of
// bench:crash, the chat appends answered by an instant model process). The serving process's resident
// set size is sampled every 10 s.
// Target: over the last 5 minutes (the second half of a shorter run) RSS grows by less than 5 %, judged
// on the least-squares line through that window's samples (its rise over the window, relative to its
// value at the window's start; one GC-timed sample does not decide), and no 5xx other than a 503
// (documented: a dependency down, or the password-hashing capacity full, "HTTP").
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import path from 'node:path';
import { startMongoServer, withDatabase } from '../src/adapters/mongo/shared/embedded-mongo';
import { runBench } from './support/sales-bench';
import {
  modelEnv,
  prepareData,
  rssMb,
  serviceEnv,
  startModel,
  startServe,
  type ServeProcess,
} from './support/serve-process';
import type { MixedLoadReport, MixedLoadSpec } from './support/mixed-load-contract';

const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 4);
const SAMPLE_MS = 10_000;
const WINDOW_S = Math.min(300, SECONDS / 2);
/** Growth allowed over the window. */
const TARGET_GROWTH = 0.05;
const SEED = Number(process.env.BENCH_SOAK_SEED ?? randomInt(1, 2 ** 31));
const LOAD = path.resolve(__dirname, 'support/mixed-load.ts');

interface Sample {
  readonly atS: number;
  readonly rssMb: number;
}

/** Least-squares line through the samples: value at the first sample's time, and rise over the span. */
function fit(samples: readonly Sample[]): { start: number; rise: number } {
  const n = samples.length;
  const mx = samples.reduce((s, p) => s + p.atS, 0) / n;
  const my = samples.reduce((s, p) => s + p.rssMb, 0) / n;
  const sxx = samples.reduce((s, p) => s + (p.atS - mx) ** 2, 0);
  const slope = sxx === 0 ? 0 : samples.reduce((s, p) => s + (p.atS - mx) * (p.rssMb - my), 0) / sxx;
  const t0 = samples[0]?.atS ?? 0;
  const t1 = samples[n - 1]?.atS ?? 0;
  return { start: my + slope * (t0 - mx), rise: slope * (t1 - t0) };
}

/** V8's heap (used of total) and the memory outside it, from serve's own /metrics (prom-client's process metrics). */
async function heapOf(salesUrl: string): Promise<string> {
  try {
    const text = await (await fetch(`${salesUrl}/metrics`, { signal: AbortSignal.timeout(5_000) })).text();
    const mb = (name: string) =>
      (Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? 'NaN') / 1_048_576).toFixed(1);
    return (
      `heap ${mb('nodejs_heap_size_used_bytes')} of ${mb('nodejs_heap_size_total_bytes')} MB, external ` +
      `${mb('nodejs_external_memory_bytes')} MB`
    );
  } catch {
    return 'heap: /metrics did not answer';
  }
}

async function main(): Promise<void> {
  const mongo = await startMongoServer({ uri: process.env.MONGODB_URI, log: () => undefined });
  const model = await startModel();
  let serve: ServeProcess | undefined;
  try {
    const uri = withDatabase(mongo.uri, `bench_soak_${randomUUID().replace(/-/g, '').slice(0, 12)}`);
    process.stdout.write(
      `brokerhub bench:soak — ${SECONDS} s of mixed read and write load on serve (${WORKERS} workers in a separate ` +
        `process, seed ${SEED}); RSS of the serving process every ${SAMPLE_MS / 1_000} s; MongoDB: ` +
        `${mongo.kind}\n` +
        `target: RSS over the last ${WINDOW_S} s grows by less than ${TARGET_GROWTH * 100} % (least-squares line ` +
        `through the window's samples); no 5xx other than 503\n\n`,
    );
    const prepared = await prepareData(uri, 20);
    // LOG_LEVEL info: a line per request, as a deployment logs (the bench reads and discards serve's output).
    serve = await startServe(serviceEnv(uri, { ...modelEnv(model), LOG_LEVEL: 'info' }));
    const spec: MixedLoadSpec = {
      mode: 'soak',
      apiKey: prepared.apiKey,
      orgs: prepared.orgs,
      workers: WORKERS,
      seed: SEED,
      seconds: SECONDS,
      targets: { sales: serve.salesUrl, hub: serve.hubUrl },
    };
    const child = spawn(process.execPath, ['--import', 'tsx', LOAD, JSON.stringify(spec)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    const loadDone = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

    const started = Date.now();
    const samples: Sample[] = [];
    const pid = serve.pid;
    const salesUrl = serve.salesUrl;
    const sample = async () => {
      const s = { atS: Math.round((Date.now() - started) / 1_000), rssMb: await rssMb(pid) };
      samples.push(s);
      process.stdout.write(
        `  t=${String(s.atS).padStart(4)} s  RSS ${s.rssMb.toFixed(1)} MB  (${await heapOf(salesUrl)})\n`,
      );
    };
    await sample();
    let finished = false;
    void loadDone.then(() => {
      finished = true;
    });
    while (!finished) {
      const next = started + samples.length * SAMPLE_MS;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
      if (!finished) await sample();
    }
    const loadCode = await loadDone;
    const report = JSON.parse(out.trim().split('\n').pop() ?? '{}') as MixedLoadReport;
    serve.child.kill('SIGTERM');
    const exitCode = await serve.exited;
    serve = undefined;

    const windowStart = SECONDS - WINDOW_S;
    const window = samples.filter((s) => s.atS >= windowStart);
    const { start, rise } = fit(window);
    const growth = rise / start;
    const first = window[0]?.rssMb ?? 0;
    const last = window[window.length - 1]?.rssMb ?? 0;
    const serverErrors = Object.entries(report.statuses ?? {}).flatMap(([route, byStatus]) =>
      Object.entries(byStatus)
        .filter(([status]) => Number(status) >= 500 && Number(status) !== 503)
        .map(([status, n]) => `${route} ${status} x${n}`),
    );
    const unavailable = Object.values(report.statuses ?? {}).reduce((sum, byStatus) => sum + (byStatus['503'] ?? 0), 0);
    process.stdout.write(
      `\nload exit ${loadCode}; requests ${report.requests}, 2xx ${report.acknowledged}; serve exit ${exitCode} on ` +
        `SIGTERM\n`,
    );
    for (const [route, byStatus] of Object.entries(report.statuses ?? {}))
      process.stdout.write(
        `  ${route.padEnd(36)} ${Object.entries(byStatus)
          .map(([s, n]) => `${s}: ${n}`)
          .join(', ')}\n`,
      );
    for (const e of report.serverErrors ?? []) process.stdout.write(`  5xx: ${e.route} ${e.status} ${e.body}\n`);
    process.stdout.write(
      `RSS: first sample ${samples[0]?.rssMb.toFixed(1)} MB, peak ` +
        `${Math.max(...samples.map((s) => s.rssMb)).toFixed(1)} MB; last ${WINDOW_S} s (${window.length} ` +
        `samples): ${first.toFixed(1)} -> ${last.toFixed(1)} MB, fitted ${start.toFixed(1)} -> ` +
        `${(start + rise).toFixed(1)} MB (${(growth * 100).toFixed(1)} %)\n`,
    );
    const misses = [
      ...(window.length < 3 ? [`only ${window.length} samples in the window`] : []),
      ...(growth >= TARGET_GROWTH ? [`RSS grew ${(growth * 100).toFixed(1)} % over the last ${WINDOW_S} s`] : []),
      ...(serverErrors.length > 0 ? [`5xx other than 503: ${serverErrors.join(', ')}`] : []),
      ...(loadCode !== 0 ? [`the load process exited ${loadCode}`] : []),
    ];
    process.stdout.write(`503 answers: ${unavailable}\n`);
    process.stdout.write(
      `target (RSS growth < ${TARGET_GROWTH * 100} % over the last ${WINDOW_S} s, no 5xx but 503): ` +
        `${misses.length === 0 ? 'met' : `MISSED: ${misses.join('; ')}`}\n`,
    );
    if (misses.length > 0) process.exitCode = 1;
  } finally {
    if (serve !== undefined) {
      serve.child.kill('SIGKILL');
      await serve.exited;
    }
    model.child.stdin?.end();
    await mongo.stop();
  }
}

runBench('bench:soak', main);
