// npm run bench:metrics — what the metrics (CONTRACT 9.2) and the whole middleware stack cost, measured
// side by side in one run. Three servers in this process on loopback: the real sales app with metrics
// on, the same composition with metrics off (same database, same logger), and a bare Koa app with one
// hello route; autocannon loads them from a separate process, in interleaved rounds (every other
// round backwards, so the two sides of each comparison always run side by side).
// Logging is real: pino at `info`, with the production redaction, to /dev/null. The API event log
// records every request but its batches are discarded (see discardingEventStore).
// Targets, on requests/s (ratios taken round by round, their median decides):
//   - metrics overhead under 5 % of the requests/s without metrics, on GET /healthz (the cheapest route,
//     where a fixed cost weighs most) and on GET /bench/items/:id (API event log, rate limiter, router);
//   - GET /healthz through the whole stack (request id, request log, metrics, CORS, error handler,
//     CSRF check, body parser, router) at least 0.6 of the bare Koa route.
// Beside requests/s it prints the server's CPU time per request and the same ratios on requests per
// CPU-second: on a machine shared with other work the requests/s follow the CPU share the server got
// in each round, and the second figure says whether a miss is the stack or the neighbours.
// Exits 1 when a target is missed. BENCH_ROUNDS (default 10), BENCH_DURATION (s, default 2),
// BENCH_CONNECTIONS (default 50).
import 'reflect-metadata';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import Koa from 'koa';
import pino from 'pino';
import { closeGracefully, listen } from '../src/adapters/http/shared/listen';
import { ensureIndexes } from '../src/adapters/mongo/shared/collection-indexes';
import { createLogger } from '../src/adapters/system/logger';
import { ApiEventStore } from '../src/application/sales-identity/ports';
import { discardingEventStore } from './support/discarding-event-store';
import { rebinding } from '../src/composition/container';
import { compose, type Overrides } from '../src/composition-root';
import { loadConfig } from '../src/config';
import { openRuntime } from '../src/runtime';
import { describe, summarize, type Summary } from './support/bench-stats';
import { measureInterleaved, runBench, type Result, type Target } from './support/sales-bench';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const MAX_METRICS_OVERHEAD_PERCENT = 5;
const MIN_STACK_RATIO = 0.6;
/** What the API event log may take at close to write its backlog (the figures are taken by then). */
const CLOSE_BUDGET_MS = 1_000;

const urlOf = (server: Server): string => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** The route of the bench: a parameter (so the route pattern matters), no credential, no database. */
function itemRoutes(): Router[] {
  const router = new Router({ prefix: '/bench' });
  router.get('/items/:id', (ctx) => {
    ctx.body = { id: ctx.params.id, ok: true };
  });
  return [router];
}

/** Koa with nothing but the answer: what the stack is measured against. */
function bareKoa(): Koa {
  const app = new Koa();
  app.use((ctx) => {
    ctx.body = { status: 'ok' };
  });
  return app;
}

async function main(): Promise<void> {
  const loaded = loadConfig({
    LOG_LEVEL: 'info',
    SALES_JWT_SECRET: 'bench-sales-jwt-secret-of-at-least-32-bytes',
    HUB_JWT_SECRET: 'bench-hub-jwt-secret-of-at-least-32-bytes!',
  });
  if (E.isLeft(loaded)) throw new Error(loaded.left.problem);
  const config = loaded.right.config;
  const sink = pino.destination({ dest: '/dev/null', sync: false });
  const logger = createLogger('info', sink);
  const overrides: Overrides = {
    salesRateLimit: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 },
    extraSalesRouters: itemRoutes,
    rebind: [rebinding(ApiEventStore, discardingEventStore())],
  };
  const runtime = await openRuntime(config, logger, { overrides });
  // The baseline: the same composition on the same connections, metrics off.
  const withoutMetrics = compose(
    config,
    { db: runtime.app.platform.db, redis: undefined, logger },
    { ...overrides, metrics: false },
  );
  const servers: Server[] = [];
  try {
    await ensureIndexes(runtime.app.platform.db, runtime.app.indexes);
    const on = urlOf(await listen(runtime.app.http.sales, '127.0.0.1', 0).then((s) => (servers.push(s), s)));
    const off = urlOf(await listen(withoutMetrics.http.sales, '127.0.0.1', 0).then((s) => (servers.push(s), s)));
    const bare = urlOf(await listen(bareKoa(), '127.0.0.1', 0).then((s) => (servers.push(s), s)));

    // Listed so that each compared pair is side by side; mirrored rounds keep them so.
    const targets: Target[] = [
      { name: '/bench/items/:id, metrics off', url: `${off}/bench/items/42` },
      { name: '/bench/items/:id, metrics on', url: `${on}/bench/items/42` },
      { name: '/healthz, metrics off', url: `${off}/healthz` },
      { name: '/healthz, metrics on', url: `${on}/healthz` },
      { name: 'bare Koa hello route', url: `${bare}/` },
    ];
    process.stdout.write(
      `brokerhub bench:metrics — ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION_SECONDS} s ` +
        `per target, logging at info to /dev/null, MongoDB: ${runtime.mongoServer.kind}\n`,
    );
    // Between loads the event-log buffers are emptied, so each load starts with none.
    const settle = async (): Promise<void> => {
      await Promise.all([
        runtime.app.salesIdentity.eventRecorder.flush(),
        withoutMetrics.salesIdentity.eventRecorder.flush(),
      ]);
    };
    const results = await measureInterleaved(targets, {
      rounds: ROUNDS,
      seconds: DURATION_SECONDS,
      connections: CONNECTIONS,
      warmupSeconds: 2,
      order: 'mirror',
      settle,
    });
    const [itemsOff, itemsOn, healthOff, healthOn, bareKoaResult] = results as [Result, Result, Result, Result, Result];

    process.stdout.write(
      `\n${'target'.padEnd(32)}${'req/s median (min-max, spread)'.padStart(34)}` +
        `${'CPU µs/request (min-max)'.padStart(28)}${'p99 ms'.padStart(9)}` +
        `${'non-2xx'.padStart(9)}\n`,
    );
    for (const r of results) {
      const cpu = summarize(r.cpuMicrosPerRequest);
      process.stdout.write(
        `${r.name.padEnd(32)}${describe(summarize(r.rounds)).padStart(34)}` +
          `${cpu.median.toFixed(1)} (${cpu.min.toFixed(0)}-${cpu.max.toFixed(0)})`.padStart(28) +
          `${String(r.p99Ms).padStart(9)}${String(r.non2xx).padStart(9)}\n`,
      );
    }

    // Two bases, both round by round: wall-clock requests/s (the target is judged on it), and requests
    // per CPU-second of the server, a second opinion when the machine is shared (see the header).
    const basis = (r: Result): { wall: readonly number[]; cpu: readonly number[] } => ({
      wall: r.rounds,
      cpu: r.cpuMicrosPerRequest.map((us) => 1e6 / us),
    });
    const ratios = (a: Result, b: Result, of: 'wall' | 'cpu'): number[] =>
      basis(a)[of].map((value, i) => value / (basis(b)[of][i] ?? Number.NaN));
    const overhead = (a: Result, b: Result, of: 'wall' | 'cpu') =>
      summarize(ratios(a, b, of).map((ratio) => (1 - ratio) * 100));
    const percent = (s: Summary) => `${s.median.toFixed(1)} % (${s.min.toFixed(1)} to ${s.max.toFixed(1)})`;
    const ratio = (s: Summary) => `${s.median.toFixed(2)} (${s.min.toFixed(2)}-${s.max.toFixed(2)})`;

    process.stdout.write(
      `\n${'round-by-round, median (min to max)'.padEnd(42)}` +
        `${'wall-clock req/s'.padStart(26)}${'per CPU-second'.padStart(26)}` +
        `   target (on req/s)\n`,
    );
    let missed = false;
    for (const [route, on, off] of [
      ['/healthz', healthOn, healthOff],
      ['/bench/items/:id', itemsOn, itemsOff],
    ] as const) {
      const wall = overhead(on, off, 'wall');
      const met = wall.median < MAX_METRICS_OVERHEAD_PERCENT;
      missed ||= !met;
      process.stdout.write(
        `${`metrics overhead on ${route}`.padEnd(42)}${percent(wall).padStart(26)}` +
          percent(overhead(on, off, 'cpu')).padStart(26) +
          `   < ${MAX_METRICS_OVERHEAD_PERCENT} %: ${met ? 'met' : 'MISSED'}\n`,
      );
    }
    const stack = summarize(ratios(healthOn, bareKoaResult, 'wall'));
    const stackMet = stack.median >= MIN_STACK_RATIO;
    missed ||= !stackMet;
    process.stdout.write(
      `${'/healthz (whole stack) / bare Koa'.padEnd(42)}${ratio(stack).padStart(26)}` +
        ratio(summarize(ratios(healthOn, bareKoaResult, 'cpu'))).padStart(26) +
        `   >= ${MIN_STACK_RATIO}: ${stackMet ? 'met' : 'MISSED'}\n`,
    );
    const failures = results.filter((r) => r.non2xx > 0);
    if (failures.length > 0) {
      process.stdout.write(`non-2xx answers under load: ${failures.map((r) => `${r.name} ${r.non2xx}`).join(', ')}\n`);
      missed = true;
    }
    if (missed) process.exitCode = 1;
  } finally {
    await Promise.all(servers.map((server) => closeGracefully(server, 1_000)));
    for (const closable of withoutMetrics.platform.closables) await closable.close(CLOSE_BUDGET_MS);
    await runtime.close(CLOSE_BUDGET_MS);
  }
}

runBench('bench:metrics', main);
