// npm run bench:kpi: GET /kpi/sdr, /kpi/sdr/trending and /kpi/subscription-leads (default period),
// cold (every answer computed: a cache that never keeps anything) and warm (answered from the KPI
// cache), beside a bare route behind the same credential and role guards, on datasets seeded by
// `brokerhub seed-demo` (BENCH_SIZES, default 1k and 10k contacts, ~10 gateway messages each). Each
// dataset is served by its own worker process: the real sales app twice on loopback (cold and warm,
// rate limit lifted, in-memory cache); autocannon runs in separate processes, one connection, rounds
// interleaved across datasets and routes.
// Targets: warm within 1.2x of the bare route (every dataset), judged on the serving process's CPU
// time per request (median of the per-round ratios): on a shared machine sub-millisecond latencies
// follow the CPU share the server happens to get, and autocannon reports percentiles in whole
// milliseconds; the mean latency ratio is printed beside it. Cold p99 growth from the
// smallest to the largest dataset at most linear (at most the ratio of their sizes). Exits 1 when one
// is missed. Not a test: the numbers vary by machine.
import 'reflect-metadata';
import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import pino from 'pino';
import { combinedGuard, roleGuard } from '../src/adapters/http/sales/guards';
import { closeGracefully, listen } from '../src/adapters/http/shared/listen';
import { ensureIndexes } from '../src/adapters/mongo/shared/collection-indexes';
import { startMongoServer, withDatabase } from '../src/adapters/mongo/shared/embedded-mongo';
import { loadConfig } from '../src/config';
import { openRuntime, type Runtime } from '../src/runtime';
import { describe as describeSummary, summarize } from './support/bench-stats';
import { runBench } from './support/sales-bench';
import { DATASET_SETTINGS, loadWorker, seedDemoDataset, serveParent, startDatasetWorker, stopDatasetWorker, type DatasetWorker, type WorkerLoad } from './support/dataset-worker';

const { sizes: SIZES, rounds: ROUNDS, messages: MESSAGES, seedBatch: SEED_BATCH } = DATASET_SETTINGS;
/** Requests per cold KPI route per round, one at a time (a cold answer reads the whole SDR store). */
const COLD_REQUESTS = Number(process.env.BENCH_COLD_REQUESTS ?? 5);
/** Requests per warm KPI route and per bare route per round. */
const WARM_REQUESTS = Number(process.env.BENCH_WARM_REQUESTS ?? 500);
const MAX_WARM_RATIO = 1.2;

interface Target {
  readonly name: string;
  readonly path: string;
  /** Which app of the worker answers: the one whose cache keeps nothing, or the caching one. */
  readonly app: 'cold' | 'warm';
  readonly requests: number;
}

const KPI_PATHS = [
  ['sdr', '/kpi/sdr'],
  ['trending', '/kpi/sdr/trending'],
  ['subscription-leads', '/kpi/subscription-leads'],
] as const;

/**
 * The order within a round: the cold routes first (their database work settles before the light
 * routes run), then the bare route before and after the warm ones (each warm route is compared with
 * the mean of the two, so neither side runs right after the heavy requests).
 */
const TARGETS: readonly Target[] = [
  ...KPI_PATHS.map(([name, p]) => ({ name: `${name} cold`, path: p, app: 'cold' as const, requests: COLD_REQUESTS })),
  { name: 'bare route', path: '/bench/bare', app: 'warm', requests: WARM_REQUESTS },
  ...KPI_PATHS.map(([name, p]) => ({ name: `${name} warm`, path: p, app: 'warm' as const, requests: WARM_REQUESTS })),
  { name: 'bare route', path: '/bench/bare', app: 'warm', requests: WARM_REQUESTS },
];

// ---- worker: one dataset, served cold and warm --------------------------------------------------

async function openApp(uri: string, cacheTtlMs: number): Promise<Runtime> {
  const loaded = loadConfig({ MONGODB_URI: uri, LOG_LEVEL: 'silent', SALES_JWT_SECRET: 'bench-sales-jwt-secret-of-at-least-32-bytes', HUB_JWT_SECRET: 'bench-hub-jwt-secret-of-at-least-32-bytes!' });
  if (E.isLeft(loaded)) throw new Error(loaded.left.problem);
  return openRuntime(loaded.right.config, pino({ level: 'silent' }), {
    overrides: {
      salesRateLimit: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 },
      salesRateLimitRuleFor: () => ({ limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 }),
      kpiCacheTtlMs: cacheTtlMs,
      // The bare route: the same credential and role checks as the KPI routes, then nothing.
      extraSalesRouters: (guards) => {
        const router = new Router({ prefix: '/bench' });
        router.get('/bare', combinedGuard(guards), roleGuard('admin', 'manager'), (ctx) => {
          ctx.body = { ok: true };
        });
        return [router];
      },
    },
  });
}

async function worker(uri: string): Promise<void> {
  // Cold: an entry expires the moment it is stored, so every request computes. Warm: entries outlive
  // the run (the 60 s of production would expire between rounds on a large dataset and mix a cold
  // computation into the warm figures).
  const cold = await openApp(uri, 0);
  const warm = await openApp(uri, 24 * 60 * 60 * 1000);
  await ensureIndexes(warm.app.platform.db, warm.app.indexes);
  const { salesIdentity } = warm.app;
  const email = `bench-${Date.now()}@example.com`;
  await salesIdentity.useCases.createSalesUser.execute({ email, password: 'bench password 1', role: 'manager' });
  const key = await salesIdentity.useCases.createApiKey.execute({ actor: { system: true }, email });
  if (E.isLeft(key)) throw new Error('could not create the benchmark API key');
  const servers = [await listen(cold.app.http.sales, '127.0.0.1', 0), await listen(warm.app.http.sales, '127.0.0.1', 0)];
  const [coldPort, warmPort] = servers.map((s) => {
    const address = s.address();
    return typeof address === 'object' && address !== null ? address.port : 0;
  });
  await serveParent({ coldPort, warmPort, key: key.right.key });
  for (const server of servers) await closeGracefully(server, 1_000);
  await cold.close(1_000);
  await warm.close(1_000);
}

// ---- parent: seed, start workers, load, judge ---------------------------------------------------

type Worker = DatasetWorker<{ coldPort: number; warmPort: number; key: string }>;
const urlOf = (worker: Worker, app: 'cold' | 'warm') => `http://127.0.0.1:${app === 'cold' ? worker.ready.coldPort : worker.ready.warmPort}`;

const load = (worker: Worker, target: Target): Promise<WorkerLoad> => loadWorker(worker, `${urlOf(worker, target.app)}${target.path}`, target.requests);

async function main(): Promise<void> {
  const server = await startMongoServer({ uri: process.env.MONGODB_URI, log: () => undefined });
  const workers: Worker[] = [];
  try {
    process.stdout.write(
      `brokerhub bench:kpi — datasets ${SIZES.join(' / ')} contacts (~${MESSAGES} gateway messages each), ${ROUNDS} interleaved rounds, ${COLD_REQUESTS} requests per cold route and ${WARM_REQUESTS} per warm and bare route per round, one connection; MongoDB: ${server.kind}\n`,
    );
    for (const size of SIZES) {
      const uri = withDatabase(server.uri, `bench_kpi_${size}_${Date.now()}`);
      const started = Date.now();
      const counts = await seedDemoDataset(uri, size, MESSAGES, SEED_BATCH);
      process.stdout.write(`seeded ${size}: ${counts} in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
      workers.push(await startDatasetWorker(__filename, size, uri));
    }
    // Warm-up: JIT, connection pools, and the warm app's cache entries.
    for (const w of workers) for (const t of TARGETS) await load(w, { ...t, requests: 1 });
    const samples = new Map<string, { mean: number[]; p50: number[]; p99: number[]; cpu: number[]; non2xx: number }>();
    for (let round = 0; round < ROUNDS; round += 1) {
      // Per dataset, the bare route then the warm routes back to back (their ratio is taken per round).
      for (const w of workers) {
        for (const target of TARGETS) {
          const r = await load(w, target);
          const id = `${w.size}|${target.name}`;
          const s = samples.get(id) ?? { mean: [], p50: [], p99: [], cpu: [], non2xx: 0 };
          s.mean.push(r.mean);
          s.cpu.push(r.cpu);
          s.p50.push(r.p50);
          s.p99.push(r.p99);
          s.non2xx += r.non2xx;
          samples.set(id, s);
        }
      }
      process.stdout.write(`round ${round + 1}/${ROUNDS} done\n`);
    }

    const printed = new Set<string>();
    process.stdout.write(`\n${'route'.padEnd(26)}${'contacts'.padStart(9)}  ${'CPU ms/request, median (range)'.padEnd(34)}${'mean ms, median (range)'.padEnd(34)}${'p50 ms'.padEnd(18)}${'p99 ms, median (range)'.padEnd(32)}non-2xx\n`);
    for (const target of TARGETS) {
      if (printed.has(target.name)) continue;
      printed.add(target.name);
      for (const w of workers) {
        const s = samples.get(`${w.size}|${target.name}`);
        if (s === undefined) continue;
        process.stdout.write(
          `${target.name.padEnd(26)}${String(w.size).padStart(9)}  ${describeSummary(summarize(s.cpu), 3).padEnd(34)}${describeSummary(summarize(s.mean), 3).padEnd(34)}${String(summarize(s.p50).median).padEnd(18)}${describeSummary(summarize(s.p99), 0).padEnd(32)}${s.non2xx}\n`,
        );
      }
    }
    let missed = false;
    const median = (size: number, name: string, field: 'mean' | 'p50' | 'p99' | 'cpu') => summarize(samples.get(`${size}|${name}`)?.[field] ?? []).median;
    process.stdout.write(`\ntargets:\n`);
    for (const w of workers) {
      // Round by round (the bare route ran just before and just after the warm ones, under the same
      // load; the mean of its two samples is the round's bare figure), then the median ratio.
      const ratiosOf = (field: 'cpu' | 'mean', name: string): number[] => {
        const bare = samples.get(`${w.size}|bare route`)?.[field] ?? [];
        const bareRounds = bare.filter((_, i) => i % 2 === 0).map((before, r) => (before + (bare[2 * r + 1] ?? before)) / 2);
        return (samples.get(`${w.size}|${name} warm`)?.[field] ?? []).map((warm, i) => warm / (bareRounds[i] ?? Number.NaN)).filter(Number.isFinite);
      };
      for (const [name] of KPI_PATHS) {
        const cpuRatios = ratiosOf('cpu', name);
        const ratio = cpuRatios.length === 0 ? Number.POSITIVE_INFINITY : summarize(cpuRatios).median;
        const ok = ratio <= MAX_WARM_RATIO;
        missed ||= !ok;
        process.stdout.write(
          `  ${w.size} contacts, ${name} warm: CPU ${median(w.size, `${name} warm`, 'cpu').toFixed(3)} ms/request vs bare ${median(w.size, 'bare route', 'cpu').toFixed(3)}, ratio x${ratio.toFixed(2)} ${describeSummary(summarize(cpuRatios), 2)} (target <= x${MAX_WARM_RATIO}): ${ok ? 'met' : 'MISSED'}; mean latency ratio x${summarize(ratiosOf('mean', name)).median.toFixed(2)}\n`,
        );
      }
    }
    const [small, large] = [SIZES[0] ?? 0, SIZES[SIZES.length - 1] ?? 0];
    if (large > small) {
      const linear = large / small;
      for (const [name] of KPI_PATHS) {
        const a = median(small, `${name} cold`, 'p99');
        const b = median(large, `${name} cold`, 'p99');
        const growth = a === 0 ? Number.POSITIVE_INFINITY : b / a;
        const ok = growth <= linear;
        missed ||= !ok;
        process.stdout.write(`  ${name} cold p99 ${small} -> ${large} contacts: ${a} ms -> ${b} ms, growth x${growth.toFixed(2)} (target <= x${linear.toFixed(2)}, linear): ${ok ? 'met' : 'MISSED'}\n`);
      }
    }
    const errors = [...samples.values()].reduce((n, s) => n + s.non2xx, 0);
    if (errors > 0) {
      missed = true;
      process.stdout.write(`  ${errors} non-2xx answers, errors or timeouts: MISSED\n`);
    }
    if (missed) process.exitCode = 1;
  } finally {
    for (const w of workers) await stopDatasetWorker(w);
    await server.stop();
  }
}

const workerAt = process.argv.indexOf('--worker');
const entry = workerAt >= 0 ? () => worker(process.argv[workerAt + 1] ?? '') : main;
runBench('bench:kpi', entry);
