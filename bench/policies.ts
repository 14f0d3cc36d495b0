// npm run bench:policies [-- --rounds 5 --sizes 10000,100000 --sink-sizes 10000,100000 --policies 100000 --seconds 3
// --connections 20]
// Three measurements, each target printed with PASS or MISS; exits 1 when one is missed.
//   1. `brokerhub import-policies` (the real command, in process: two csv-parse passes, validation,
//      batches of 1000 through ImportPolicies into MongoDB) against a bare insertMany loop of the same
//      documents (batches of 1000, same indexes, the same runtime opened and closed around it, as the
//      command does), each round in fresh child processes and fresh
//      databases, the order alternating; rows/s and peak RSS. Target: the import reaches >= 0.5 of the
//      bare loop's rows/s at every size; peak RSS flat from the small to the large file (what the
//      import adds over the bare loop grows by at most 16 MiB).
//   2. The same command with the policy store replaced by a sink that counts and keeps nothing (the
//      importer's own memory, whatever the database): peak RSS growth flat from 10k to 100k rows.
//   3. `GET /policy?cpf=` (API key) with N policies stored, against a bare route behind the same API-key
//      guard, load from autocannon in its own process, interleaved rounds. Target: median p99 <= 2x.
// Sizes: the (10k -> 100k rows, 100k policies) on a real MongoDB (MONGODB_URI, or
// mongodb-memory-server). The embedded jongodb slows down with every insert into a collection (5k
// rows in 3 s, the 25-30k-th thousands in 80 s), so 100k rows would take hours there: on jongodb the
// defaults are 1k -> 10k rows and 10k policies, and the run says so. The sink measurement (2) keeps the
// issue's 10k -> 100k everywhere.
import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { apiKeyGuard } from '../src/adapters/http/sales/guards';
import { policiesAreaIndexes } from '../src/adapters/mongo/policies/indexes';
import { policiesCollection } from '../src/adapters/mongo/policies/policy-collection';
import { toPolicyDocument } from '../src/adapters/mongo/policies/policy-mapper';
import { MongoPersonRepository } from '../src/adapters/mongo/sales/mongo-person-repository';
import { ensureIndexes } from '../src/adapters/mongo/shared/collection-indexes';
import { startMongoServer, withDatabase } from '../src/adapters/mongo/shared/embedded-mongo';
import { PolicyRepository, type PolicyInsertReport } from '../src/application/policies/ports';
import type { CliContext } from '../src/cli/cli-context';
import { runCli } from '../src/cli/program';
import { loadConfig } from '../src/config';
import { openRuntime } from '../src/runtime';
import { NO_PERSON_DETAILS } from '../src/domain/sales/sale';
import pino from 'pino';
import { rebinding } from '../src/composition/container';
import type { IsoDate, Policy } from '../src/domain/policies/policy';
import { checkDigit, type Cpf } from '../src/domain/shared/cpf';
import { describe, summarize, type Summary } from './support/bench-stats';
import { load, printCommandCounts, runBench, startSalesBench, type Target } from './support/sales-bench';
import { watchRssPeak } from './support/rss-peak';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const sizesArg = (name: string, fallback: string) => arg(name, fallback).split(',').map(Number);
const ROUNDS = Math.max(5, Number(arg('rounds', '5')));
const SECONDS = Number(arg('seconds', '3'));
const CONNECTIONS = Number(arg('connections', '20'));
const BATCH = 1000;
const RATIO_TARGET = 0.5;
const P99_FACTOR = 2;
/** "Flat": ten times the rows may add at most this much peak RSS (GC timing noise). */
const RSS_FLAT_MIB = 16;
const mib = (bytes: number) => bytes / 1048576;

let missed = 0;
function verdict(ok: boolean, text: string): void {
  console.log(`  ${ok ? 'PASS' : 'MISS'} ${text}`);
  if (!ok) missed += 1;
}

// ---------------------------------------------------------------- the data: one row per n, the same in the CSV and the
// bare loop

/** CPFs are shared by 30 000 customers, so a CPF has a few policies at any size. */
const CUSTOMERS = 30_000;
const INSURERS = ['Porto Seguro', 'Allianz', 'Bradesco Seguros', 'Tokio Marine'];

function cpfOf(n: number): Cpf {
  const base = [...String(100_000_001 + (n % CUSTOMERS)).padStart(9, '0')].map(Number);
  const first = checkDigit(base);
  return [...base, first, checkDigit([...base, first])].join('') as Cpf;
}

interface Row {
  readonly policyNumber: string;
  readonly cpf: Cpf;
  readonly insurer: string;
  readonly product: 'auto' | 'life';
  readonly status: 'pending' | 'active';
  readonly premiumCents: number;
  readonly startDate: IsoDate;
  readonly endDate: IsoDate;
  readonly vehiclePlate: string | null;
}

function rowOf(n: number): Row {
  const day = new Date(Date.UTC(2024, 0, 1) + (n % 900) * 86_400_000).toISOString().slice(0, 10);
  const end = `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`;
  const product = n % 5 === 0 ? 'life' : 'auto';
  return {
    policyNumber: `BENCH-${n}`,
    cpf: cpfOf(n),
    insurer: INSURERS[n % INSURERS.length] ?? 'Porto Seguro',
    product,
    status: n % 3 === 0 ? 'active' : 'pending',
    premiumCents: 50_000 + (n % 100_000),
    startDate: day as IsoDate,
    endDate: (end.endsWith('02-29') ? `${end.slice(0, 8)}28` : end) as IsoDate,
    vehiclePlate: product === 'auto' ? `BRA${String(n % 10_000).padStart(4, '0')}` : null,
  };
}

const HEADER = 'policyNumber,cpf,saleId,insurer,product,status,premiumCents,startDate,endDate,vehiclePlate';
const csvLine = (r: Row) =>
  [
    r.policyNumber,
    r.cpf,
    '',
    r.insurer,
    r.product,
    r.status,
    r.premiumCents,
    r.startDate,
    r.endDate,
    r.vehiclePlate ?? '',
  ].join(',');
const policyOf = (n: number, now: Date): Policy => ({
  id: randomUUID(),
  saleId: null,
  ...rowOf(n),
  history: [],
  createdAt: now,
  updatedAt: now,
});

async function writeCsv(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file);
  out.write(`${HEADER}\n`);
  for (let n = 0; n < rows; n += 1) {
    if (!out.write(`${csvLine(rowOf(n))}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

// ---------------------------------------------------------------- child processes: one import or one bare loop each

/** Stores nothing: what is left is the importer's own cost (parsing, validation, batching). */
class SinkPolicyRepository implements PolicyRepository {
  inserted = 0;
  async insertMany(policies: readonly Policy[]): Promise<PolicyInsertReport> {
    this.inserted += policies.length;
    return { inserted: policies.length, duplicates: [] };
  }
  insert(): never {
    throw new Error('sink: not used by the import');
  }
  findById(): never {
    throw new Error('sink: not used by the import');
  }
  findByNumber(): never {
    throw new Error('sink: not used by the import');
  }
  findByCpf(): never {
    throw new Error('sink: not used by the import');
  }
  list(): never {
    throw new Error('sink: not used by the import');
  }
  replaceStatus(): never {
    throw new Error('sink: not used by the import');
  }
}

type Variant = 'import' | 'bare' | 'sink';

interface ProbeResult {
  readonly seconds: number;
  /** Peak RSS over the RSS before the work (bytes), sampled every 5 ms. */
  readonly growth: number;
  readonly inserted: number;
}

async function probe(variant: Variant, size: number, file: string, uri: string): Promise<void> {
  const rss = watchRssPeak();
  const started = performance.now();
  let inserted = 0;
  if (variant === 'bare') {
    // The same runtime the command opens (connections, composition) and the same indexes, then only
    // the inserts: what is measured against it is the import's own work.
    const loaded = loadConfig({ MONGODB_URI: uri, LOG_LEVEL: 'warn' });
    if (E.isLeft(loaded)) throw new Error(loaded.left.problem);
    const runtime = await openRuntime(loaded.right.config, pino({ level: 'warn' }));
    const { db } = runtime.app.platform;
    await ensureIndexes(db, policiesAreaIndexes);
    const now = new Date();
    for (let first = 0; first < size; first += BATCH) {
      const docs = Array.from({ length: Math.min(BATCH, size - first) }, (_, i) =>
        toPolicyDocument(policyOf(first + i, now)),
      );
      inserted += (await policiesCollection(db).insertMany(docs, { ordered: false })).insertedCount;
    }
    await runtime.close();
  } else {
    const out: string[] = [];
    const sink = new SinkPolicyRepository();
    const ctx: CliContext = {
      io: {
        env: { MONGODB_URI: uri, LOG_LEVEL: 'warn' },
        out: (text) => out.push(text),
        err: (text) => process.stderr.write(`${text}\n`),
      },
      runtimeOptions: variant === 'sink' ? { overrides: { rebind: [rebinding(PolicyRepository, sink)] } } : {},
    };
    const code = await runCli(['--json', 'import-policies', '--file', file], ctx);
    if (code !== 0) throw new Error(`import-policies exited ${code}`);
    inserted = (JSON.parse(out[0] ?? '{}') as { inserted: number }).inserted;
  }
  const seconds = (performance.now() - started) / 1000;
  const { before, peak } = rss.stop();
  if (inserted !== size) throw new Error(`${variant}: inserted ${inserted} of ${size}`);
  process.stdout.write(`${JSON.stringify({ seconds, growth: peak - before, inserted } satisfies ProbeResult)}\n`);
}

const run = promisify(execFile);

async function child(variant: Variant, size: number, file: string, uri: string): Promise<ProbeResult> {
  const args = ['--expose-gc', '--import', 'tsx', __filename, '--probe', variant, String(size), file, uri];
  const { stdout } = await run(process.execPath, args, {
    maxBuffer: 1 << 20,
    env: { ...process.env, LOG_LEVEL: 'warn' },
  });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as ProbeResult;
}

// ---------------------------------------------------------------- 1 and 2: the import

async function importAgainstBare(
  serverUri: string,
  sizes: readonly number[],
  files: ReadonlyMap<number, string>,
): Promise<void> {
  console.log(
    `\n1. import-policies against a bare insertMany loop of the same documents (${ROUNDS} interleaved rounds, ` +
      'fresh processes and databases)',
  );
  const samples = new Map<string, ProbeResult[]>();
  const ratios = new Map<number, number[]>();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const size of sizes) {
      const file = files.get(size) ?? '';
      const order: Variant[] = round % 2 === 0 ? ['import', 'bare'] : ['bare', 'import'];
      const results: Partial<Record<Variant, ProbeResult>> = {};
      for (const variant of order) {
        const result = await child(
          variant,
          size,
          file,
          withDatabase(serverUri, `bench_policies_${randomUUID().slice(0, 8)}`),
        );
        results[variant] = result;
        samples.set(`${variant} ${size}`, [...(samples.get(`${variant} ${size}`) ?? []), result]);
      }
      const [imp, bare] = [results.import, results.bare];
      if (imp !== undefined && bare !== undefined)
        ratios.set(size, [...(ratios.get(size) ?? []), bare.seconds / imp.seconds]);
      process.stdout.write(
        `  round ${round + 1} ${size} rows: import ${(size / (imp?.seconds ?? 1)).toFixed(0)} rows/s, bare ` +
          `${(size / (bare?.seconds ?? 1)).toFixed(0)} rows/s\n`,
      );
    }
  }
  const of = (variant: Variant, size: number, pick: (r: ProbeResult) => number): Summary =>
    summarize((samples.get(`${variant} ${size}`) ?? []).map(pick));
  for (const size of sizes) {
    const rate = (r: ProbeResult) => size / r.seconds;
    const growth = (r: ProbeResult) => mib(r.growth);
    console.log(
      `  ${String(size).padStart(7)} rows: import ${describe(of('import', size, rate), 0, ' rows/s')}, ` +
        `bare ${describe(of('bare', size, rate), 0, ' rows/s')}`,
    );
    console.log(
      `  ${''.padStart(7)}       peak RSS growth: import ${describe(of('import', size, growth), 0, ' MiB')}, ` +
        `bare ${describe(of('bare', size, growth), 0, ' MiB')}`,
    );
    const ratio = summarize(ratios.get(size) ?? []);
    verdict(
      ratio.median >= RATIO_TARGET,
      `${size} rows: import / bare rows/s = ${describe(ratio, 2)} (per-round ratio), target >= ${RATIO_TARGET}`,
    );
  }
  const [small, large] = [sizes[0] ?? 0, sizes[sizes.length - 1] ?? 0];
  const excess = (size: number) =>
    of('import', size, (r) => mib(r.growth)).median - of('bare', size, (r) => mib(r.growth)).median;
  const extra = excess(large) - excess(small);
  verdict(
    extra <= RSS_FLAT_MIB,
    `peak RSS: what the import adds over the bare loop grows by ${extra.toFixed(0)} MiB from ${small} to ${large} ` +
      `rows, target flat (<= ${RSS_FLAT_MIB} MiB)`,
  );
}

async function importIntoSink(
  serverUri: string,
  sizes: readonly number[],
  files: ReadonlyMap<number, string>,
): Promise<void> {
  console.log(
    `\n2. import-policies into a sink (the policy store replaced by a counter: the importer's own cost), ${ROUNDS} ` +
      'interleaved rounds',
  );
  const samples = new Map<number, ProbeResult[]>();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const size of round % 2 === 0 ? sizes : [...sizes].reverse()) {
      const result = await child(
        'sink',
        size,
        files.get(size) ?? '',
        withDatabase(serverUri, `bench_policies_${randomUUID().slice(0, 8)}`),
      );
      samples.set(size, [...(samples.get(size) ?? []), result]);
    }
  }
  for (const size of sizes) {
    const runs = samples.get(size) ?? [];
    console.log(
      `  ${String(size).padStart(7)} ` +
        `rows: ${describe(summarize(runs.map((r) => size / r.seconds)), 0, ' rows/s')}, peak RSS ` +
        `growth ${describe(summarize(runs.map((r) => mib(r.growth))), 0, ' MiB')}`,
    );
  }
  const [small, large] = [sizes[0] ?? 0, sizes[sizes.length - 1] ?? 0];
  const growth = (size: number) => summarize((samples.get(size) ?? []).map((r) => mib(r.growth))).median;
  const extra = growth(large) - growth(small);
  verdict(
    extra <= RSS_FLAT_MIB,
    `peak RSS of the importer grows by ${extra.toFixed(0)} MiB from ${small} to ${large} rows, target flat (<= ` +
      `${RSS_FLAT_MIB} MiB)`,
  );
}

// ---------------------------------------------------------------- 3: GET /policy?cpf=

async function policyLookup(serverUri: string, policies: number): Promise<void> {
  const bench = await startSalesBench(
    (guards) => {
      const router = new Router({ prefix: '/bench' });
      router.get('/authed', apiKeyGuard(guards), (ctx) => {
        ctx.body = { ok: true };
      });
      return [router];
    },
    { mongodbUri: withDatabase(serverUri, `bench_policy_get_${randomUUID().slice(0, 8)}`) },
  );
  try {
    const { salesIdentity, platform } = bench.runtime.app;
    const email = 'bench@example.com';
    await salesIdentity.useCases.createSalesUser.execute({ email, password: 'bench password 1', role: 'operator' });
    const key = await salesIdentity.useCases.createApiKey.execute({ actor: { system: true }, email });
    if (E.isLeft(key)) throw new Error('could not create the benchmark API key');
    const seeded = performance.now();
    const now = new Date();
    // One insertMany: the driver sends as few commands as the server's limits allow. jongodb compares
    // every document with every other on each insert command (its unique-index check is a list scan),
    // so the cost of a seed grows with the number of commands; 100 batches of 1000 would take hours.
    await policiesCollection(platform.db).insertMany(
      Array.from({ length: policies }, (_, i) => toPolicyDocument(policyOf(i, now))),
      { ordered: false },
    );
    // The customer looked up has a person (the link is part of the answer) and its share of the policies.
    const cpf = cpfOf(7);
    await new MongoPersonRepository(platform.db).saveByCpf({
      id: randomUUID(),
      fullName: 'Bench Customer',
      ...NO_PERSON_DETAILS,
      cpf,
      mobile: null,
      createdAt: now,
      updatedAt: now,
    });
    const perCpf = await policiesCollection(platform.db).countDocuments({ cpf });
    console.log(
      `\n3. GET /policy?cpf= with ${policies} policies stored (seeded in ` +
        `${((performance.now() - seeded) / 1000).toFixed(0)} s; the CPF asked has ${perCpf}), ${CONNECTIONS} ` +
        `connections, ${ROUNDS} interleaved rounds of ${SECONDS} s`,
    );
    const headers = { 'x-api-key': key.right.key };
    const targets: Target[] = [
      { name: 'bare route, API-key guard', url: `${bench.baseUrl}/bench/authed`, headers },
      { name: 'GET /policy?cpf=', url: `${bench.baseUrl}/policy?cpf=${cpf}`, headers },
    ];
    await printCommandCounts(bench, targets, 'database commands per request');
    for (const target of targets) await load(target, 1, CONNECTIONS);
    const p99 = new Map<string, number[]>();
    const rps = new Map<string, number[]>();
    let non2xx = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
        const result = await load(target, SECONDS, CONNECTIONS);
        p99.set(target.name, [...(p99.get(target.name) ?? []), result.p99Ms]);
        rps.set(target.name, [...(rps.get(target.name) ?? []), result.requestsPerSecond]);
        non2xx += result.non2xx;
      }
    }
    for (const target of targets) {
      console.log(
        `  ${target.name.padEnd(28)} ` +
          `p99 ${describe(summarize(p99.get(target.name) ?? []), 0, ' ms')}` +
          `, ${describe(summarize(rps.get(target.name) ?? []), 0, ' req/s')}`,
      );
    }
    verdict(non2xx === 0, `every response 2xx (${non2xx} others)`);
    const [bare, lookup] = targets.map((t) => summarize(p99.get(t.name) ?? []).median);
    const factor = (lookup ?? 0) / Math.max(bare ?? 0, 1);
    verdict(
      factor <= P99_FACTOR,
      `GET /policy?cpf= p99 is ${factor.toFixed(2)}x the bare authenticated route's (medians ${lookup} ms / ` +
        `${bare} ms, 1 ms floor), target <= ${P99_FACTOR}x`,
    );
  } finally {
    await bench.close();
  }
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  const server = await startMongoServer({ uri: process.env.MONGODB_URI, log: (line) => console.log(line) });
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-policies-'));
  try {
    const slow = server.kind === 'jongodb';
    const importSizes = sizesArg('sizes', slow ? '1000,10000' : '10000,100000');
    const sinkSizes = sizesArg('sink-sizes', '10000,100000');
    const policies = Number(arg('policies', slow ? '10000' : '100000'));
    console.log(
      `brokerhub bench:policies — MongoDB: ${server.kind}; import sizes ${importSizes.join(', ')} rows; sink sizes ` +
        `${sinkSizes.join(', ')} rows; ${policies} policies for the lookup`,
    );
    if (slow)
      console.log(
        "  (jongodb: inserts slow down with the collection size, so the database sizes are 10x under the issue's " +
          '10k -> 100k and 100k; run with MONGODB_URI on a real MongoDB for those)',
      );
    const files = new Map<number, string>();
    for (const size of new Set([...importSizes, ...sinkSizes])) {
      const file = path.join(dir, `policies-${size}.csv`);
      await writeCsv(file, size);
      files.set(size, file);
    }
    await importAgainstBare(server.uri, importSizes, files);
    await importIntoSink(server.uri, sinkSizes, files);
    await policyLookup(server.uri, policies);
    console.log(missed === 0 ? '\nevery target met' : `\n${missed} target(s) missed`);
    if (missed > 0) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await server.stop();
  }
}

if (process.argv[2] === '--probe') {
  const [variant, size, file, uri] = process.argv.slice(3);
  runBench('bench:policies probe', () => probe(variant as Variant, Number(size), file ?? '', uri ?? ''));
} else {
  runBench('bench:policies', main);
}
