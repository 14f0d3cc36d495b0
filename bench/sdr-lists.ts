// npm run bench:sdr-lists: GET /sdr/sessions and GET /sdr/contacts (first page, with metrics; unfiltered
// and with search + status=active + qualified=true) beside a bare API-key route, on two datasets seeded by
// `brokerhub seed-demo` (default 1k and 10k contacts, ~10 gateway messages each). Each dataset is served by
// its own worker process (the real sales app on loopback, rate limit lifted), so each has its own peak
// RSS; autocannon runs in separate processes, rounds interleaved across datasets and routes.
// Targets: p99 growth from the small to the large dataset at most 10x for every list route, and peak
// RSS growth under 50 MiB. Exits 1 when one is missed. Not a test: the numbers vary by machine.
import 'reflect-metadata';
import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import pino from 'pino';
import { apiKeyGuard } from '../src/adapters/http/sales/guards';
import { closeGracefully, listen } from '../src/adapters/http/shared/listen';
import { ensureIndexes } from '../src/adapters/mongo/shared/collection-indexes';
import { startMongoServer, withDatabase } from '../src/adapters/mongo/shared/embedded-mongo';
import { loadConfig } from '../src/config';
import { openRuntime } from '../src/runtime';
import { describe as describeSummary, summarize } from './support/bench-stats';
import { runBench } from './support/sales-bench';
import { DATASET_SETTINGS, loadWorker, seedDemoDataset, serveParent, startDatasetWorker, stopDatasetWorker, workerMemory, type DatasetWorker, type WorkerLoad } from './support/dataset-worker';

const { sizes: SIZES, rounds: ROUNDS, messages: MESSAGES, seedBatch: SEED_BATCH } = DATASET_SETTINGS;
/** Requests per list route per round, one at a time (a list request reads the whole store). */
const LIST_REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 5);
const BARE_REQUESTS = Number(process.env.BENCH_BARE_REQUESTS ?? 200);
const MAX_P99_GROWTH = 10;
const MAX_RSS_GROWTH_MIB = 50;

interface Target {
  readonly name: string;
  readonly path: string;
  readonly requests: number;
  readonly list: boolean;
}

const TARGETS: readonly Target[] = [
  { name: 'bare API-key route', path: '/bench/bare', requests: BARE_REQUESTS, list: false },
  { name: 'sessions page 1', path: '/sdr/sessions', requests: LIST_REQUESTS, list: true },
  { name: 'contacts page 1', path: '/sdr/contacts', requests: LIST_REQUESTS, list: true },
  { name: 'contacts filtered', path: '/sdr/contacts?search=9&status=active&qualified=true', requests: LIST_REQUESTS, list: true },
];

// ---- worker: one dataset's sales app ------------------------------------------------------------

async function worker(uri: string): Promise<void> {
  const loaded = loadConfig({ MONGODB_URI: uri, LOG_LEVEL: 'silent', SALES_JWT_SECRET: 'bench-sales-jwt-secret-of-at-least-32-bytes', HUB_JWT_SECRET: 'bench-hub-jwt-secret-of-at-least-32-bytes!' });
  if (E.isLeft(loaded)) throw new Error(loaded.left.problem);
  const runtime = await openRuntime(loaded.right.config, pino({ level: 'silent' }), {
    overrides: {
      salesRateLimit: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 },
      extraSalesRouters: (guards) => {
        const router = new Router({ prefix: '/bench' });
        router.get('/bare', apiKeyGuard(guards), (ctx) => {
          ctx.body = { ok: true };
        });
        return [router];
      },
    },
  });
  await ensureIndexes(runtime.app.platform.db, runtime.app.indexes);
  const { salesIdentity } = runtime.app;
  const email = `bench-${Date.now()}@example.com`;
  await salesIdentity.useCases.createSalesUser.execute({ email, password: 'bench password 1', role: 'operator' });
  const key = await salesIdentity.useCases.createApiKey.execute({ actor: { system: true }, email });
  if (E.isLeft(key)) throw new Error('could not create the benchmark API key');
  const server = await listen(runtime.app.http.sales, '127.0.0.1', 0);
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  await serveParent({ port, key: key.right.key });
  await closeGracefully(server, 1_000);
  await runtime.close(1_000);
}

// ---- parent: seed, start workers, load, judge ---------------------------------------------------

type Worker = DatasetWorker<{ port: number; key: string }>;
const baseUrlOf = (worker: Worker) => `http://127.0.0.1:${worker.ready.port}`;

const load = (worker: Worker, target: Target): Promise<WorkerLoad> => loadWorker(worker, `${baseUrlOf(worker)}${target.path}`, target.requests);

async function main(): Promise<void> {
  const server = await startMongoServer({ uri: process.env.MONGODB_URI, log: () => undefined });
  const workers: Worker[] = [];
  try {
    process.stdout.write(`brokerhub bench:sdr-lists — datasets ${SIZES.join(' / ')} contacts (~${MESSAGES} gateway messages each), ${ROUNDS} interleaved rounds, ${LIST_REQUESTS} requests per list route and ${BARE_REQUESTS} per bare route per round, one connection; MongoDB: ${server.kind}\n`);
    for (const size of SIZES) {
      const uri = withDatabase(server.uri, `bench_sdr_${size}_${Date.now()}`);
      const started = Date.now();
      const counts = await seedDemoDataset(uri, size, MESSAGES, SEED_BATCH);
      process.stdout.write(`seeded ${size}: ${counts} in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
      workers.push(await startDatasetWorker(__filename, size, uri));
    }
    for (const w of workers) for (const t of TARGETS) await load(w, { ...t, requests: 1 }); // warm-up
    const samples = new Map<string, { p50: number[]; p99: number[]; cpu: number[]; non2xx: number }>();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const target of TARGETS) {
        for (const w of workers) {
          const r = await load(w, target);
          const id = `${w.size}|${target.name}`;
          const s = samples.get(id) ?? { p50: [], p99: [], cpu: [], non2xx: 0 };
          s.p50.push(r.p50);
          s.p99.push(r.p99);
          s.cpu.push(r.cpu);
          s.non2xx += r.non2xx;
          samples.set(id, s);
        }
      }
      process.stdout.write(`round ${round + 1}/${ROUNDS} done\n`);
    }
    const rss = new Map<number, { peakMiB: number; rssMiB: number }>();
    for (const w of workers) rss.set(w.size, await workerMemory(w));

    process.stdout.write(`\n${'route'.padEnd(22)}${'contacts'.padStart(9)}  ${'p50 ms, median (range)'.padEnd(28)}${'p99 ms, median (range)'.padEnd(28)}${'service CPU ms/request'.padEnd(30)}non-2xx\n`);
    for (const target of TARGETS) {
      for (const w of workers) {
        const s = samples.get(`${w.size}|${target.name}`);
        if (s === undefined) continue;
        process.stdout.write(`${target.name.padEnd(22)}${String(w.size).padStart(9)}  ${describeSummary(summarize(s.p50)).padEnd(28)}${describeSummary(summarize(s.p99)).padEnd(28)}${describeSummary(summarize(s.cpu.map((c) => Math.round(c * 10) / 10))).padEnd(30)}${s.non2xx}\n`);
      }
    }
    let missed = false;
    const [small, large] = [SIZES[0] ?? 0, SIZES[SIZES.length - 1] ?? 0];
    process.stdout.write(`\ntargets (${small} -> ${large} contacts):\n`);
    for (const target of TARGETS.filter((t) => t.list)) {
      const a = summarize(samples.get(`${small}|${target.name}`)?.p99 ?? []).median;
      const b = summarize(samples.get(`${large}|${target.name}`)?.p99 ?? []).median;
      const growth = a === 0 ? Number.POSITIVE_INFINITY : b / a;
      const ok = growth <= MAX_P99_GROWTH;
      missed ||= !ok;
      process.stdout.write(`  ${target.name}: p99 ${a} ms -> ${b} ms, growth x${growth.toFixed(2)} (target <= x${MAX_P99_GROWTH}): ${ok ? 'met' : 'MISSED'}\n`);
      const cpuA = summarize(samples.get(`${small}|${target.name}`)?.cpu ?? []).median;
      const cpuB = summarize(samples.get(`${large}|${target.name}`)?.cpu ?? []).median;
      process.stdout.write(`    the service's own CPU per request: ${cpuA.toFixed(1)} ms -> ${cpuB.toFixed(1)} ms, growth x${(cpuA === 0 ? Number.POSITIVE_INFINITY : cpuB / cpuA).toFixed(2)} (the rest of the time is the database's)\n`);
    }
    const errors = [...samples.values()].reduce((n, s) => n + s.non2xx, 0);
    if (errors > 0) {
      missed = true;
      process.stdout.write(`  ${errors} non-2xx answers, errors or timeouts: MISSED\n`);
    }
    const peakSmall = rss.get(small)?.peakMiB ?? 0;
    const peakLarge = rss.get(large)?.peakMiB ?? 0;
    const rssOk = peakLarge - peakSmall < MAX_RSS_GROWTH_MIB;
    missed ||= !rssOk;
    process.stdout.write(`  peak RSS of the serving process: ${peakSmall.toFixed(1)} MiB -> ${peakLarge.toFixed(1)} MiB, growth ${(peakLarge - peakSmall).toFixed(1)} MiB (target < ${MAX_RSS_GROWTH_MIB} MiB): ${rssOk ? 'met' : 'MISSED'}\n`);
    if (missed) process.exitCode = 1;
  } finally {
    for (const w of workers) await stopDatasetWorker(w);
    await server.stop();
  }
}

const workerAt = process.argv.indexOf('--worker');
const entry = workerAt >= 0 ? () => worker(process.argv[workerAt + 1] ?? '') : main;
runBench('bench:sdr-lists', entry);
