// npm run bench:privacy: a data subject's holdings and export (CONTRACT 12.1, 12.2; issue 32) on the demo
// dataset (the seed-demo use case, as bench:sdr-lists seeds it: BENCH_SIZES, default 1k and 3k contacts,
// ~10 gateway messages each) plus one policy per contact (and two for the subject). The subject is a
// person of the dataset with a CPF and a phone, looked up by its phone in another spelling.
// 1. Database commands per step (holdings, export), printed per dataset with their names and
//    collections. Target: at most x1.2 from the smallest dataset to the largest (a figure that does not
//    depend on the machine), erasure included (the last step).
// 2. Export's peak RSS when the subject has 10,000 gateway messages versus 100: each export runs in a
//    process of its own (a clean peak), interleaved for BENCH_ROUNDS (5) rounds; median and spread.
//    Target: the median peak grows by at most 30 MiB (the export streams store by store, batch by batch).
// Exits 1 when a target is missed. Not a test: the numbers vary by machine.
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import * as E from 'fp-ts/Either';
import pino from 'pino';
import { policiesCollection } from '../src/adapters/mongo/policies/policy-collection';
import { peopleCollection } from '../src/adapters/mongo/sales/people-collection';
import { gatewayMessagesCollection } from '../src/adapters/mongo/sdr/gateway-messages-collection';
import { startMongoServer, withDatabase } from '../src/adapters/mongo/shared/embedded-mongo';
import { exportJson } from '../src/application/privacy/export-subject';
import type { SubjectIdentifier } from '../src/application/shared/privacy/subject';
import { loadConfig } from '../src/config';
import { openRuntime, type Runtime } from '../src/runtime';
import { describe as describeSummary, summarize } from './support/bench-stats';
import { runBenchProcess } from './support/bench-process';
import { CommandCounter, describeTally, totalOf, type CommandTally } from './support/command-count';
import { DATASET_SETTINGS, describeSeed, seedDataset } from './support/dataset-worker';
import { watchRssPeak } from './support/rss-peak';
import { eraseToTheEnd } from './support/erasure-step';

const { sizes: SIZES, rounds: ROUNDS, messages: MESSAGES, seedBatch: SEED_BATCH } = DATASET_SETTINGS;
const MAX_COMMAND_GROWTH = 1.2;
const MAX_RSS_GROWTH_MIB = 30;
const SMALL_SUBJECT = 100;
const LARGE_SUBJECT = Number(process.env.BENCH_PRIVACY_MESSAGES ?? 10_000);
const MIB = 1024 * 1024;

/** One measured step on a subject; the `erase` helper adds `{ name: 'erasure', run: ... }` here. */
interface Step {
  readonly name: string;
  readonly run: (runtime: Runtime, subject: SubjectIdentifier) => Promise<unknown>;
}
const STEPS: readonly Step[] = [
  { name: 'holdings', run: (rt, subject) => rt.app.privacy.useCases.findSubjectHoldings.execute(subject) },
  { name: 'export', run: (rt, subject) => exportAll(rt, subject) },
  // Last: it erases the subject the steps before read.
  { name: 'erasure', run: (rt, subject) => eraseToTheEnd(rt, subject) },
];

/** Runs the export to its end, keeping only its size. */
async function exportAll(runtime: Runtime, subject: SubjectIdentifier): Promise<number> {
  const result = await runtime.app.privacy.useCases.exportSubject.execute(subject);
  if (E.isLeft(result)) return 0;
  let bytes = 0;
  for await (const piece of exportJson(result.right)) bytes += piece.length;
  return bytes;
}

async function open(uri: string, counter?: CommandCounter): Promise<Runtime> {
  const loaded = loadConfig({
    MONGODB_URI: uri,
    LOG_LEVEL: 'silent',
    SALES_JWT_SECRET: 'bench-sales-jwt-secret-of-at-least-32-bytes',
    HUB_JWT_SECRET: 'bench-hub-jwt-secret-of-at-least-32-bytes!',
  });
  if (E.isLeft(loaded)) throw new Error(loaded.left.problem);
  return openRuntime(
    loaded.right.config,
    pino({ level: 'silent' }),
    counter === undefined ? {} : { commandObserver: counter.observer },
  );
}

const policy = (cpf: string, n: number) => ({
  _id: randomUUID(),
  policyNumber: `BENCH-${n}`,
  cpf,
  saleId: null,
  insurer: 'Porto',
  insurerKey: 'porto',
  product: 'life' as const,
  status: 'active' as const,
  premiumCents: 1000,
  startDate: '2026-01-01',
  endDate: '2027-01-01',
  vehiclePlate: null,
  history: [],
  createdAt: new Date(0),
  updatedAt: new Date(0),
});

/** One policy per contact (a CPF of its own each, 11 digits), two for the subject; answers the subject. */
async function addPoliciesAndPickSubject(runtime: Runtime, size: number): Promise<SubjectIdentifier> {
  const db = runtime.app.platform.db;
  const person = await peopleCollection(db).findOne({ cpf: { $type: 'string' }, mobile: { $type: 'string' } });
  if (person?.cpf == null || person.mobile === null) throw new Error('no person with a CPF and a mobile');
  const others = Array.from({ length: size }, (_, i) => policy(String(10_000_000_000 + i), i));
  await policiesCollection(db).insertMany([...others, policy(person.cpf, size), policy(person.cpf, size + 1)]);
  // Looked up by the phone without its ninth digit: the spelling matching of CONTRACT 3.4.
  return { kind: 'phone', value: `${person.mobile.slice(0, 4)}${person.mobile.slice(5)}` };
}

async function commandsPerStep(size: number, uri: string): Promise<Map<string, CommandTally>> {
  const counter = new CommandCounter();
  const runtime = await open(uri, counter);
  try {
    const subject = await addPoliciesAndPickSubject(runtime, size);
    const tallies = new Map<string, CommandTally>();
    for (const step of STEPS) tallies.set(step.name, (await counter.count(() => step.run(runtime, subject))).commands);
    return tallies;
  } finally {
    await runtime.close();
  }
}

/** Gateway messages of a new subject's one chat, written as the gateway writes them. */
async function gatewaySubject(uri: string, phone: string, messages: number): Promise<void> {
  const runtime = await open(uri);
  try {
    const collection = gatewayMessagesCollection(runtime.app.platform.db, 'gateway_messages');
    for (let start = 0; start < messages; start += 1000) {
      const batch = Array.from({ length: Math.min(1000, messages - start) }, (_, i) => ({
        instance: 'bench',
        key: { id: `${phone}-${start + i}`, remoteJid: `${phone}@s.whatsapp.net`, fromMe: i % 2 === 0 },
        pushName: 'Bench Subject',
        messageType: 'conversation',
        message: { conversation: `mensagem ${start + i} `.repeat(8) },
        messageTimestamp: 1_767_000_000 + start + i,
      }));
      await collection.insertMany(batch);
    }
  } finally {
    await runtime.close();
  }
}

interface ChildSpec {
  readonly uri: string;
  readonly phone: string;
}
interface ChildAnswer {
  readonly before: number;
  readonly peak: number;
  readonly bytes: number;
}

/** The child: one export of `phone`'s subject, its peak RSS over the export. */
async function child(spec: ChildSpec): Promise<void> {
  const runtime = await open(spec.uri);
  try {
    await exportAll(runtime, { kind: 'phone', value: spec.phone }); // warm: code paths, pools
    const watch = watchRssPeak();
    const bytes = await exportAll(runtime, { kind: 'phone', value: spec.phone });
    const { before, peak } = watch.stop();
    process.stdout.write(`${JSON.stringify({ before, peak, bytes } satisfies ChildAnswer)}\n`);
  } finally {
    await runtime.close();
  }
}

function commandsReport(bySize: Map<number, Map<string, CommandTally>>): boolean {
  let met = true;
  for (const step of STEPS) {
    for (const [size, tallies] of bySize)
      process.stdout.write(`${step.name} at ${size} contacts: ${describeTally(tallies.get(step.name) ?? new Map())}\n`);
    const totals = [...bySize.values()].map((tallies) => totalOf(tallies.get(step.name) ?? new Map()));
    const growth = (totals[totals.length - 1] ?? 0) / Math.max(1, totals[0] ?? 0);
    const ok = growth <= MAX_COMMAND_GROWTH;
    met &&= ok;
    process.stdout.write(
      `${step.name}: commands ${totals.join(' -> ')} (x${growth.toFixed(2)}; target <= x${MAX_COMMAND_GROWTH}) ` +
        `${ok ? 'met' : 'MISSED'}\n`,
    );
  }
  return met;
}

async function rssReport(uri: string): Promise<boolean> {
  const small = '5521911110000';
  const large = '5521922220000';
  await gatewaySubject(uri, small, SMALL_SUBJECT);
  await gatewaySubject(uri, large, LARGE_SUBJECT);
  const peaks: Record<'small' | 'large', number[]> = { small: [], large: [] };
  let bytes = { small: 0, large: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [which, phone] of [
      ['small', small],
      ['large', large],
    ] as const) {
      const answer = await runBenchProcess<ChildAnswer>(__filename, { uri, phone } satisfies ChildSpec);
      peaks[which].push(answer.peak / MIB);
      bytes = { ...bytes, [which]: answer.bytes };
    }
  }
  const s = summarize(peaks.small);
  const l = summarize(peaks.large);
  const growth = l.median - s.median;
  const ok = growth <= MAX_RSS_GROWTH_MIB;
  process.stdout.write(
    `export peak RSS, ${SMALL_SUBJECT} gateway messages (${(bytes.small / 1024).toFixed(0)} KiB of JSON): ` +
      `${describeSummary(s, 1, ' MiB')}\n` +
      `export peak RSS, ${LARGE_SUBJECT} gateway messages (${(bytes.large / MIB).toFixed(1)} MiB of JSON): ` +
      `${describeSummary(l, 1, ' MiB')}\n` +
      `export peak RSS growth: +${growth.toFixed(1)} MiB (target <= +${MAX_RSS_GROWTH_MIB} MiB) ` +
      `${ok ? 'met' : 'MISSED'}\n`,
  );
  return ok;
}

async function main(): Promise<void> {
  const server = await startMongoServer({ uri: process.env.MONGODB_URI, log: () => undefined });
  try {
    process.stdout.write(
      `brokerhub bench:privacy — datasets ${SIZES.join(' / ')} contacts (~${MESSAGES} gateway messages each) ` +
        `plus one policy per contact; ${ROUNDS} interleaved export rounds; MongoDB: ${server.kind}\n`,
    );
    const bySize = new Map<number, Map<string, CommandTally>>();
    let firstUri = '';
    for (const size of SIZES) {
      const uri = withDatabase(server.uri, `bench_privacy_${size}_${randomUUID().slice(0, 8)}`);
      firstUri ||= uri;
      const counts = await seedDataset(uri, [{ contacts: size, seed: 1 }], MESSAGES, SEED_BATCH);
      process.stdout.write(`seeded ${size}: ${describeSeed(counts)}\n`);
      bySize.set(size, await commandsPerStep(size, uri));
    }
    const commandsMet = commandsReport(bySize);
    const rssMet = await rssReport(firstUri);
    process.exitCode = commandsMet && rssMet ? 0 : 1;
  } finally {
    await server.stop();
  }
}

if (process.argv[2] !== undefined) void child(JSON.parse(process.argv[2]) as ChildSpec);
else if (path.basename(process.argv[1] ?? '') === path.basename(__filename)) void main();
