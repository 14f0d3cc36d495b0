// npm run bench:sdr — the SDR status update (PATCH /sdr/interactions/status: API-key guard, body
// decoding, phone normalization, person lookup by phone key, most recent interaction, optimistic status
// update, one appended note) under load, beside a bare Koa route of the same app, in one run: the real
// app (composition root, rate limiter, API event log, embedded MongoDB) on loopback, autocannon in a
// separate process (as bench:auth) so the load generator does not share the server's event loop.
// Not a test: the numbers vary by machine.
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
import { closeGracefully, listen } from '../src/adapters/http/shared/listen';
import { ensureIndexes, type CollectionIndexes } from '../src/adapters/mongo/collection-indexes';
import type { CreateApiKey } from '../src/application/identity/create-api-key';
import type { CreateUser } from '../src/application/identity/create-user';
import type { CreateSdrInteraction } from '../src/application/sdr/create-sdr-interaction';
import { loadConfig } from '../src/config';
import { TYPES } from '../src/composition-root';
import { openRuntime } from '../src/runtime';

const run = promisify(execFile);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** Leads in the database besides the one updated (jongodb scans linearly: the size matters there). */
const LEADS = Number(process.env.BENCH_LEADS ?? 200);
const AUTOCANNON = path.resolve(__dirname, '../node_modules/autocannon/autocannon.js');

interface Result {
  readonly name: string;
  readonly requestsPerSecond: number;
  readonly p99Ms: number;
  readonly non2xx: number;
}

interface Target {
  readonly name: string;
  readonly url: string;
  readonly method: 'GET' | 'PATCH';
  readonly headers: Record<string, string>;
  readonly body?: string;
}

async function load(target: Target, seconds: number): Promise<Result> {
  const args = [AUTOCANNON, '--json', '-c', String(CONNECTIONS), '-d', String(seconds), '-m', target.method];
  for (const [key, value] of Object.entries(target.headers)) args.push('-H', `${key}=${value}`);
  if (target.body !== undefined) args.push('-b', target.body);
  args.push(target.url);
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const report = JSON.parse(stdout) as { requests: { average: number }; latency: { p99: number }; non2xx: number };
  return { name: target.name, requestsPerSecond: report.requests.average, p99Ms: report.latency.p99, non2xx: report.non2xx };
}

async function main(): Promise<void> {
  const loaded = loadConfig({ LOG_LEVEL: 'silent', SALES_JWT_SECRET: 'bench-sales-jwt-secret-of-at-least-32-bytes', HUB_JWT_SECRET: 'bench-hub-jwt-secret-of-at-least-32-bytes!' });
  if (E.isLeft(loaded)) throw new Error(loaded.left.problem);
  const runtime = await openRuntime(loaded.right.config, pino({ level: 'silent' }), {
    overrides: {
      // The limiter stays in the chain (same work on both routes) but never throttles the benchmark.
      salesRateLimit: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 },
      extraSalesRouters: () => {
        const router = new Router({ prefix: '/bench' });
        router.get('/bare', (ctx) => {
          ctx.body = { ok: true };
        });
        return [router];
      },
    },
  });
  const server = await listen(runtime.container.get<Koa>(TYPES.SalesApp), '127.0.0.1', 0);
  try {
    const container = runtime.container;
    await ensureIndexes(container.get<Db>(TYPES.Db), container.get<readonly CollectionIndexes[]>(TYPES.CollectionIndexes));
    const email = 'bench@example.com';
    await container.get<CreateUser>(TYPES.CreateUser).execute({ email, password: 'bench password 1', role: 'operator' });
    const key = await container.get<CreateApiKey>(TYPES.CreateApiKey).execute({ actor: { system: true }, email });
    if (E.isLeft(key)) throw new Error('could not create the benchmark API key');
    const create = container.get<CreateSdrInteraction>(TYPES.CreateSdrInteraction);
    for (let i = 0; i < LEADS; i += 1) {
      await create.execute({ phone: `11 9${String(10_000_000 + i)}`, channel: 'whatsapp', result: 'no_response' });
    }
    await create.execute({ phone: '(11) 98765-4321', channel: 'whatsapp', result: 'no_response', name: 'Bench Lead' });

    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const targets: Target[] = [
      { name: 'bare GET (no credential)', url: `${base}/bench/bare`, method: 'GET', headers: {} },
      {
        name: 'PATCH SDR status (+note)',
        url: `${base}/sdr/interactions/status`,
        method: 'PATCH',
        headers: { 'x-api-key': key.right.key, 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: '+55 (11) 8765-4321', identifier_type: 'phone', status: 'interested', notes: 'bench' }),
      },
    ];
    process.stdout.write(
      `brokerhub bench:sdr — ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION_SECONDS} s per route, ${LEADS + 1} leads, MongoDB: ${runtime.mongoServer.kind}\n`,
    );
    for (const target of targets) await load(target, 1); // warm-up (JIT, key cache)
    // Interleaved rounds: the notes collection grows during the run; that drift weighs on every round.
    const samples = new Map<string, Result[]>();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const target of targets) samples.set(target.name, [...(samples.get(target.name) ?? []), await load(target, DURATION_SECONDS)]);
    }
    process.stdout.write(`\n${'route'.padEnd(28)}${'req/s (median)'.padStart(15)}${'p99 ms (max)'.padStart(14)}${'non-2xx'.padStart(9)}\n`);
    for (const target of targets) {
      const runs = samples.get(target.name) ?? [];
      const rates = runs.map((r) => r.requestsPerSecond).sort((a, b) => a - b);
      const median = rates[Math.floor(rates.length / 2)] ?? 0;
      const p99 = Math.max(...runs.map((r) => r.p99Ms));
      const non2xx = runs.reduce((sum, r) => sum + r.non2xx, 0);
      process.stdout.write(`${target.name.padEnd(28)}${median.toFixed(0).padStart(15)}${String(p99).padStart(14)}${String(non2xx).padStart(9)}\n`);
    }
  } finally {
    await closeGracefully(server, 1_000);
    await runtime.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench:sdr failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
