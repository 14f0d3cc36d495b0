// npm run bench:dispatch [-- --rounds 5 --sizes 2000,10000 --deadline 5]
// The real DispatchPendingSales pass against a bare loop POSTing the same envelopes with the same
// sender, to one receiver running in its own process (bench/support/receiver-process.ts), over two
// stores: the in-memory fakes (what remains is the application's own cost) and the embedded database.
// Per store and size, interleaved rounds (the order of the two alternates), each on freshly seeded
// sales; prints the median and spread of sales/s and of the per-round ratio. Then:
//   - RSS growth of a pass and of the bare loop, each in a fresh child process, 2k against 10k;
//   - a pass against a receiver that never answers ends by its deadline, its sales pending, unleased.
// Targets (CONTRACT 9.5): in-memory dispatch >= 0.8 of the bare loop; peak RSS flat from 2k to 10k (what
// a pass adds over the bare loop); the hung pass ends by its deadline. Exits 1 when one is missed.
import 'reflect-metadata';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { promisify } from 'node:util';
import { startMongoServer } from '../src/adapters/mongo/shared/embedded-mongo';
import { SystemClock } from '../src/adapters/system/system-clock';
import { HttpSaleWebhookSender } from '../src/adapters/webhook/http-sale-webhook-sender';
import type { DispatchReport } from '../src/application/sales/dispatch-pending-sales';
import { DEFAULT_DISPATCH_SETTINGS } from '../src/application/sales/dispatch-settings';
import { buildEnvelope } from '../src/domain/sales/envelope';
import { describe, summarize } from './support/bench-stats';
import { CommandCounter, describeTally, totalOf, type CommandTally } from './support/command-count';
import { seedStore, type StoreKind } from './support/dispatch-stores';
import { runBench } from './support/sales-bench';
import { watchRssPeak } from './support/rss-peak';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const ROUNDS = Number(arg('rounds', '5'));
const SIZES = arg('sizes', '2000,10000').split(',').map(Number);
const DEADLINE_S = Number(arg('deadline', '5'));
const BATCH = DEFAULT_DISPATCH_SETTINGS.batchSize;
// Memory first: the embedded runs count commands in an AsyncLocalStorage scope, whose promise hooks
// stay installed for the rest of the process and would weigh on the in-memory figure.
const STORES: readonly StoreKind[] = ['memory', 'embedded'];
const RATIO_TARGET = 0.8;
/** "Flat": a 5x larger backlog may add at most this much RSS to a pass (GC timing noise). */
const RSS_FLAT_MIB = 16;
const RSS_SAMPLES = 5;

let missed = 0;
function verdict(ok: boolean, text: string): void {
  console.log(`  ${ok ? 'PASS' : 'MISS'} ${text}`);
  if (!ok) missed += 1;
}

function sendOk(report: { _tag: string; right?: DispatchReport }, size: number): DispatchReport {
  if (report._tag !== 'Right' || report.right === undefined || report.right.delivered !== size)
    throw new Error(`dispatch pass: ${JSON.stringify(report)}`);
  return report.right;
}

/** One sample: the bare loop and the pass over the same freshly seeded sales, in the given order; seconds each. */
async function sample(
  kind: StoreKind,
  size: number,
  uri: string | undefined,
  url: string,
  dispatchFirst: boolean,
  counter: CommandCounter,
) {
  const store = await seedStore(kind, size, uri, counter.observer);
  const sender = new HttpSaleWebhookSender(url, new SystemClock());
  try {
    const bare = async () => {
      const t = performance.now();
      for (let i = 0; i < store.entries.length; i += BATCH) {
        const result = await sender.send(buildEnvelope(store.entries.slice(i, i + BATCH), new Date()));
        if (!result.ok) throw new Error(`bare loop: ${JSON.stringify(result)}`);
      }
      return (performance.now() - t) / 1000;
    };
    let commands: CommandTally = new Map();
    const pass = async () => {
      const dispatch = store.dispatcher(sender);
      const t = performance.now();
      // The fakes send no database command, and a counting scope (AsyncLocalStorage) would put a
      // promise hook on every await of the pass: the in-memory figure is taken without one.
      const counted =
        kind === 'memory'
          ? { result: await dispatch.execute(), commands: new Map<string, number>() }
          : await counter.count(() => dispatch.execute());
      const seconds = (performance.now() - t) / 1000;
      sendOk(counted.result, size);
      commands = counted.commands;
      return seconds;
    };
    const [first, second] = dispatchFirst ? [await pass(), await bare()] : [await bare(), await pass()];
    const [dispatchSeconds, bareSeconds] = dispatchFirst ? [first, second] : [second, first];
    return { bareSeconds, dispatchSeconds, commands };
  } finally {
    await sender.close();
    await store.close();
  }
}

/**
 * One round: with the fakes a 2k pass lasts a few tens of milliseconds, so a round repeats the pair
 * until it has covered 40k sales (the order alternating) and sums the times.
 */
async function round(
  kind: StoreKind,
  size: number,
  uri: string | undefined,
  url: string,
  dispatchFirst: boolean,
  counter: CommandCounter,
) {
  const reps = kind === 'memory' ? Math.max(1, Math.ceil(40_000 / size)) : 1;
  let bareSeconds = 0;
  let dispatchSeconds = 0;
  let commands: CommandTally = new Map();
  for (let rep = 0; rep < reps; rep += 1) {
    const one = await sample(kind, size, uri, url, dispatchFirst !== (rep % 2 === 1), counter);
    bareSeconds += one.bareSeconds;
    dispatchSeconds += one.dispatchSeconds;
    commands = one.commands;
  }
  return { bareRate: (size * reps) / bareSeconds, dispatchRate: (size * reps) / dispatchSeconds, commands };
}

async function throughput(uri: string, url: string): Promise<void> {
  const counter = new CommandCounter();
  for (const kind of STORES) {
    console.log(
      `\n${kind === 'memory' ? 'in-memory adapters (the fakes)' : 'embedded database'}: sales/s, median (min-max, ` +
        `spread) of ${ROUNDS} interleaved rounds, batches of ${BATCH}`,
    );
    await round(kind, 500, uri, url, false, counter); // warm-up: JIT, connection pool
    for (const size of SIZES) {
      const rounds = [];
      for (let r = 0; r < ROUNDS; r += 1) rounds.push(await round(kind, size, uri, url, r % 2 === 1, counter));
      const ratio = summarize(rounds.map((x) => x.dispatchRate / x.bareRate));
      console.log(`  ${size} sales`);
      console.log(`    bare POST loop   ${describe(summarize(rounds.map((x) => x.bareRate)))}`);
      console.log(`    dispatch pass    ${describe(summarize(rounds.map((x) => x.dispatchRate)))}`);
      console.log(`    dispatch / bare  ${describe(ratio, 2)}`);
      const commands = rounds[rounds.length - 1]?.commands ?? new Map();
      if (kind === 'embedded')
        console.log(
          `    database commands of one pass: ${describeTally(commands)} ` +
            `(${(totalOf(commands) / Math.ceil(size / BATCH)).toFixed(1)} per batch)`,
        );
      if (kind === 'memory')
        verdict(
          ratio.median >= RATIO_TARGET,
          `in-memory dispatch / bare loop at ${size}: median ${ratio.median.toFixed(2)}, target >= ${RATIO_TARGET}`,
        );
      else
        console.log(
          '    (no target on the embedded database: its figure is reported; the claim and settle round trips are ' +
            'the difference)',
        );
    }
  }
}

/**
 * Child process: seed, then one pass (or the bare loop) while sampling RSS; prints the RSS before and the peak (bytes).
 */
async function probe(variant: 'pass' | 'bare', kind: StoreKind, size: number, uri: string, url: string): Promise<void> {
  const store = await seedStore(kind, size, uri);
  const sender = new HttpSaleWebhookSender(url, new SystemClock());
  const rss = watchRssPeak();
  if (variant === 'bare') {
    for (let i = 0; i < store.entries.length; i += BATCH)
      await sender.send(buildEnvelope(store.entries.slice(i, i + BATCH), new Date()));
  } else sendOk(await store.dispatcher(sender).execute(), size);
  const { before, peak } = rss.stop();
  await sender.close();
  await store.close();
  process.stdout.write(`${JSON.stringify({ before, peak })}\n`);
}

/**
 * Sending the envelopes itself costs RSS in proportion to N until the GC catches up (the bare loop
 * shows it too), so "flat" is judged on what the pass adds over the bare loop at the same size.
 */
async function peakRss(uri: string, url: string): Promise<void> {
  const run = promisify(execFile);
  const mib = (bytes: number) => bytes / 1048576;
  console.log(
    `\nRSS growth during one pass and one bare loop (each in a fresh process, after a GC; MiB, median (min-max) of ` +
      `${RSS_SAMPLES} interleaved)`,
  );
  for (const kind of STORES) {
    const growth = new Map<string, number[]>();
    for (let r = 0; r < RSS_SAMPLES; r += 1) {
      for (const size of SIZES) {
        for (const variant of r % 2 === 0 ? (['pass', 'bare'] as const) : (['bare', 'pass'] as const)) {
          const args = ['--expose-gc', '--import', 'tsx', __filename, '--probe', variant, kind, String(size), uri, url];
          const { stdout } = await run(process.execPath, args, { maxBuffer: 1 << 20 });
          const { before, peak } = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as {
            before: number;
            peak: number;
          };
          growth.set(`${variant} ${size}`, [...(growth.get(`${variant} ${size}`) ?? []), mib(peak - before)]);
        }
      }
    }
    const of = (variant: string, size: number) => summarize(growth.get(`${variant} ${size}`) ?? []);
    const excess = (size: number) => of('pass', size).median - of('bare', size).median;
    for (const size of SIZES) {
      console.log(
        `  ${kind.padEnd(8)} ${String(size).padStart(6)} sales: pass ${describe(of('pass', size))}, bare ` +
          `loop ${describe(of('bare', size))}, pass - bare ${excess(size).toFixed(0)}`,
      );
    }
    const [small, large] = [SIZES[0] ?? 0, SIZES[SIZES.length - 1] ?? 0];
    const extra = excess(large) - excess(small);
    verdict(
      extra <= RSS_FLAT_MIB,
      `${kind}: what the pass adds over the bare loop grows by ${extra.toFixed(0)} MiB from ${small} to ${large} ` +
        `sales, target flat (<= ${RSS_FLAT_MIB} MiB)`,
    );
  }
}

async function hungReceiver(uri: string, silentUrl: string): Promise<void> {
  const size = SIZES[0] ?? 2_000;
  console.log(
    `\na receiver that never answers (${size} sales, --deadline ${DEADLINE_S} s, --concurrency 4, delivery timeout ` +
      '30 s)',
  );
  for (const kind of STORES) {
    const store = await seedStore(kind, size, uri);
    const sender = new HttpSaleWebhookSender(silentUrl, new SystemClock());
    const t = performance.now();
    const result = await store.dispatcher(sender).execute({ deadlineMs: DEADLINE_S * 1000, concurrency: 4 });
    const elapsedMs = performance.now() - t;
    await sender.close();
    const left = await store.pending();
    await store.close();
    if (result._tag !== 'Right') throw new Error('not configured');
    const { claimed, failed, released, deadlineReached, outcomes } = result.right;
    console.log(
      `  ${kind.padEnd(8)} ended after ${(elapsedMs / 1000).toFixed(2)} s: claimed ${claimed}, failed ${failed} ` +
        `(${JSON.stringify(outcomes)}), released ${released}; ${left.pending} pending, ${left.leased} leased`,
    );
    verdict(
      deadlineReached && elapsedMs <= DEADLINE_S * 1000 && left.pending === size && left.leased === 0,
      `${kind}: ends by its deadline (<= ${DEADLINE_S} s), every sale pending and unleased`,
    );
  }
}

async function main(): Promise<void> {
  const mongo = await startMongoServer({ uri: process.env.MONGODB_URI, log: (line) => console.log(line) });
  const receiver = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'support/receiver-process.ts')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  try {
    const [line] = (await once(createInterface({ input: receiver.stdout }), 'line')) as [string];
    const { port } = JSON.parse(line) as { port: number };
    const base = `http://127.0.0.1:${port}`;
    await throughput(mongo.uri, `${base}/hook`);
    await peakRss(mongo.uri, `${base}/hook`);
    await hungReceiver(mongo.uri, `${base}/silent`);
    console.log(missed === 0 ? '\nevery target met' : `\n${missed} target(s) missed`);
    if (missed > 0) process.exitCode = 1;
  } finally {
    receiver.kill();
    await mongo.stop();
  }
}

const probeAt = process.argv.indexOf('--probe');
if (probeAt > 0) {
  const [variant, kind, size, uri, url] = process.argv.slice(probeAt + 1);
  runBench('bench:dispatch probe', () =>
    probe(variant === 'bare' ? 'bare' : 'pass', kind as StoreKind, Number(size), uri ?? '', url ?? ''),
  );
} else {
  runBench('bench:dispatch', main);
}
