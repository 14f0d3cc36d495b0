// npm run bench:auth — the cost of authentication on the sales service, measured side by side in one
// run: the real app (composition root, rate limiter, API event log, embedded MongoDB) on loopback,
// three GET routes of the same app (no credential, API key, JWT), loaded by autocannon in a separate
// process so the load generator does not share the server's event loop. Not a test: numbers vary by
// machine; the target is an authentication overhead under 20 % of the bare route's throughput.
import 'reflect-metadata';
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import type Koa from 'koa';
import type { Db } from 'mongodb';
import pino from 'pino';
import { combinedGuard } from '../src/adapters/http/sales/guards';
import { closeGracefully, listen } from '../src/adapters/http/shared/listen';
import { ensureIndexes, type CollectionIndexes } from '../src/adapters/mongo/collection-indexes';
import type { CreateApiKey } from '../src/application/identity/create-api-key';
import type { CreateUser } from '../src/application/identity/create-user';
import type { LogIn } from '../src/application/identity/log-in';
import { loadConfig } from '../src/config';
import { TYPES } from '../src/composition-root';
import { openRuntime } from '../src/runtime';

const run = promisify(execFile);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const AUTOCANNON = path.resolve(__dirname, '../node_modules/autocannon/autocannon.js');

interface Result {
  readonly name: string;
  readonly requestsPerSecond: number;
  readonly p99Ms: number;
  readonly non2xx: number;
}

async function load(name: string, url: string, headers: Record<string, string>, seconds: number): Promise<Result> {
  const args = [AUTOCANNON, '--json', '-c', String(CONNECTIONS), '-d', String(seconds)];
  for (const [key, value] of Object.entries(headers)) args.push('-H', `${key}=${value}`);
  args.push(url);
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const report = JSON.parse(stdout) as { requests: { average: number }; latency: { p99: number }; non2xx: number };
  return { name, requestsPerSecond: report.requests.average, p99Ms: report.latency.p99, non2xx: report.non2xx };
}

async function main(): Promise<void> {
  const loaded = loadConfig({ LOG_LEVEL: 'silent', SALES_JWT_SECRET: 'bench-sales-jwt-secret-of-at-least-32-bytes', HUB_JWT_SECRET: 'bench-hub-jwt-secret-of-at-least-32-bytes!' });
  if (E.isLeft(loaded)) throw new Error(loaded.left.problem);
  const logger = pino({ level: 'silent' });
  const runtime = await openRuntime(loaded.right.config, logger, {
    overrides: {
      // The limiter stays in the chain (same work on every route) but never throttles the benchmark.
      salesRateLimit: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 },
      extraSalesRouters: (guards) => {
        const router = new Router({ prefix: '/bench' });
        const answer = (ctx: Koa.Context) => {
          ctx.body = { ok: true };
        };
        router.get('/bare', answer);
        router.get('/api-key', combinedGuard(guards), answer);
        router.get('/jwt', combinedGuard(guards), answer);
        return [router];
      },
    },
  });
  const server = await listen(runtime.container.get<Koa>(TYPES.SalesApp), '127.0.0.1', 0);
  try {
    const container = runtime.container;
    await ensureIndexes(container.get<Db>(TYPES.Db), container.get<readonly CollectionIndexes[]>(TYPES.CollectionIndexes));
    const email = 'bench@example.com';
    const password = 'bench password 1';
    await container.get<CreateUser>(TYPES.CreateUser).execute({ email, password, role: 'operator' });
    const key = await container.get<CreateApiKey>(TYPES.CreateApiKey).execute({ actor: { system: true }, email });
    const session = await container.get<LogIn>(TYPES.LogIn).execute({ email, password });
    if (E.isLeft(key) || E.isLeft(session)) throw new Error('could not create the benchmark credentials');

    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bench`;
    const targets: [string, string, Record<string, string>][] = [
      ['bare GET (no credential)', `${base}/bare`, {}],
      ['API-key GET (x-api-key)', `${base}/api-key`, { 'x-api-key': key.right.key }],
      ['JWT GET (Bearer)', `${base}/jwt`, { authorization: `Bearer ${session.right.accessToken}` }],
    ];
    process.stdout.write(`brokerhub bench:auth — ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION_SECONDS} s per route, MongoDB: ${runtime.mongoServer.kind}\n`);
    for (const [name, url, headers] of targets) await load(name, url, headers, 2); // warm-up (JIT, key cache)
    // Interleaved rounds: whatever drifts during the run (the event-log collection grows, the database
    // competes for CPU) weighs on the three routes alike instead of on whichever runs last.
    const samples = new Map<string, Result[]>();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [name, url, headers] of targets) {
        const result = await load(name, url, headers, DURATION_SECONDS);
        samples.set(name, [...(samples.get(name) ?? []), result]);
      }
    }
    const results: Result[] = targets.map(([name]) => {
      const runs = samples.get(name) ?? [];
      // The median round: one disturbed round (a GC storm, the database flushing) does not decide.
      const rates = runs.map((r) => r.requestsPerSecond).sort((a, b) => a - b);
      const median = rates[Math.floor(rates.length / 2)] ?? 0;
      return { name, requestsPerSecond: median, p99Ms: Math.max(...runs.map((r) => r.p99Ms)), non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0) };
    });

    const bare = results[0]?.requestsPerSecond ?? 0;
    process.stdout.write(`\n${'route'.padEnd(28)}${'req/s (median)'.padStart(15)}${'p99 ms'.padStart(9)}${'non-2xx'.padStart(9)}${'auth overhead'.padStart(15)}\n`);
    for (const r of results) {
      const overhead = r === results[0] ? '—' : `${(((bare - r.requestsPerSecond) / bare) * 100).toFixed(1)} %`;
      process.stdout.write(`${r.name.padEnd(28)}${r.requestsPerSecond.toFixed(0).padStart(15)}${String(r.p99Ms).padStart(9)}${String(r.non2xx).padStart(9)}${overhead.padStart(15)}\n`);
    }
    const worst = Math.max(...results.slice(1).map((r) => ((bare - r.requestsPerSecond) / bare) * 100));
    process.stdout.write(`\nworst authentication overhead: ${worst.toFixed(1)} % (target < 20 %)\n`);
  } finally {
    await closeGracefully(server, 1_000);
    await runtime.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench:auth failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
