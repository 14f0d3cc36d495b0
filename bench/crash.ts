// npm run bench:crash — CONTRACT 10.2: `serve` killed with SIGKILL at any moment under a mixed write
// load leaves no source data broken, derived data clean after at most one `check-data --repair`, and no
// acknowledged write lost.
//
// The embedded MongoDB (jongodb, or MONGODB_URI) runs as a child of this process, so it outlives every
// kill. `brokerhub serve` runs as a child process on a fresh database of it; the load runs in a process
// of its own (bench/support/mixed-load.ts: SDR creations and status updates, chat sessions, appends
// through /ai/execute on an instant model process, and deletes, policies and their status changes,
// manual sales and their status events, signed lead-form webhooks to the hub, each resent until it gets
// a 2xx as a provider does). BENCH_KILLS times (default and target at least 25), after a seeded random
// 0.5-4 s of load: SIGKILL serve, pause the load, restart serve, run `check-data --json` (a CLI child
// process) and count the violations of source data (checks not repairable) and of derived data; when
// derived data is violated, `check-data --repair`, then `check-data` again, which must be clean. Then
// the load resumes on the new serve. At the end the load stops (resending the webhooks still without a
// 2xx), a last check runs, and every write the load saw answered 2xx is looked up in the database.
// BENCH_CRASH_SEED repeats a run's kill moments and load mix.
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { startMongoServer, withDatabase } from '../src/adapters/mongo/shared/embedded-mongo';
import { connectMongo } from '../src/adapters/mongo/shared/mongo-connection';
import { describe, summarize } from './support/bench-stats';
import { runBench } from './support/sales-bench';
import {
  checkData,
  modelEnv,
  prepareData,
  serviceEnv,
  startModel,
  startServe,
  type CheckDataRun,
  type ServeProcess,
} from './support/serve-process';
import { NO_EVENT, type Acknowledged, type MixedLoadReport, type MixedLoadSpec } from './support/mixed-load-contract';
import type { CheckReport } from '../src/application/shared/data-checks/check-data';

const TARGET_KILLS = 25;
const KILLS = Number(process.env.BENCH_KILLS ?? TARGET_KILLS);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 6);
const ORGANIZATIONS = 20;
const SEED = Number(process.env.BENCH_CRASH_SEED ?? randomInt(1, 2 ** 31));
const LOAD = path.resolve(__dirname, 'support/mixed-load.ts');

function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const named = (checks: readonly CheckReport[]) =>
  checks
    .map((c) => `${c.name} ${c.violations}${c.examples.length > 0 ? ` [${c.examples.slice(0, 2).join(', ')}]` : ''}`)
    .join('; ');

interface Judged {
  readonly source: number;
  readonly derived: number;
  readonly repaired: number;
  /** Derived violations still there after the one repair. */
  readonly derivedLeft: number;
  /** Source violations still there after the repair's recheck. */
  readonly sourceLeft: number;
  readonly text: string;
}

/** check-data; when derived data is violated, one --repair, then check-data again. */
async function judge(env: NodeJS.ProcessEnv): Promise<Judged> {
  const first = await checkData(env, false);
  const report = reportOf(first);
  const source = report.checks.filter((c) => !c.repairable && c.violations > 0);
  const derived = report.checks.filter((c) => c.repairable && c.violations > 0);
  const sum = (checks: readonly CheckReport[]) => checks.reduce((n, c) => n + c.violations, 0);
  let text =
    `check-data exit ${first.code}: source ` +
    `${sum(source)}${source.length > 0 ? ` (${named(source)})` : ''}, derived ` +
    `${sum(derived)}${derived.length > 0 ? ` (${named(derived)})` : ''}`;
  if (derived.length === 0)
    return { source: sum(source), derived: 0, repaired: 0, derivedLeft: 0, sourceLeft: sum(source), text };
  const repair = reportOf(await checkData(env, true));
  const again = await checkData(env, false);
  const after = reportOf(again);
  const derivedLeft = after.checks.filter((c) => c.repairable && c.violations > 0);
  const sourceLeft = after.checks.filter((c) => !c.repairable && c.violations > 0);
  text +=
    `; --repair repaired ${repair.repaired}; check-data exit ${again.code}: derived ` +
    `${sum(derivedLeft)}${derivedLeft.length > 0 ? ` (${named(derivedLeft)})` : ''}, source ${sum(sourceLeft)}`;
  return {
    source: sum(source),
    derived: sum(derived),
    repaired: repair.repaired,
    derivedLeft: sum(derivedLeft),
    sourceLeft: sum(sourceLeft),
    text,
  };
}

function reportOf(run: CheckDataRun): NonNullable<CheckDataRun['report']> {
  if (run.report === undefined || (run.code !== 0 && run.code !== 1))
    throw new Error(`check-data exited ${run.code} without a report: ${run.stderr}`);
  return run.report;
}

/** The load process, driven by JSON lines on its stdin. */
class Load {
  private readonly lines: AsyncIterator<string>;
  private constructor(private readonly child: ReturnType<typeof spawn>) {
    this.lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  }

  static start(spec: MixedLoadSpec): Load {
    return new Load(
      spawn(process.execPath, ['--import', 'tsx', LOAD, JSON.stringify(spec)], { stdio: ['pipe', 'pipe', 'inherit'] }),
    );
  }

  private send(message: unknown): void {
    this.child.stdin?.write(`${JSON.stringify(message)}\n`);
  }

  private async next(): Promise<string> {
    const { value, done } = await this.lines.next();
    if (done === true) throw new Error('the load process ended');
    return value;
  }

  target(serve: ServeProcess): void {
    this.send({ targets: { sales: serve.salesUrl, hub: serve.hubUrl } });
  }

  async pause(): Promise<void> {
    this.send({ pause: true });
    await this.next();
  }

  async stop(): Promise<MixedLoadReport> {
    this.send({ stop: true });
    return JSON.parse(await this.next()) as MixedLoadReport;
  }
}

/** Every acknowledged write looked up in the database; the list of what is missing. */
async function lostWrites(uri: string, acked: Acknowledged): Promise<{ checked: number; lost: string[] }> {
  const conn = await connectMongo(uri);
  const db = conn.db;
  const lost: string[] = [];
  let checked = 0;
  const ids = async (collection: string, wanted: readonly string[]): Promise<Set<string>> => {
    const found = new Set<string>();
    for (let i = 0; i < wanted.length; i += 500) {
      const docs = await db
        .collection<{ _id: string }>(collection)
        .find({ _id: { $in: wanted.slice(i, i + 500) } })
        .toArray();
      for (const doc of docs) found.add(doc._id);
    }
    return found;
  };
  const exists = async (what: string, collection: string, wanted: readonly string[]) => {
    const found = await ids(collection, wanted);
    for (const id of wanted) {
      checked += 1;
      if (!found.has(id)) lost.push(`${what} ${id}: not in ${collection}`);
    }
  };
  try {
    await exists('SDR interaction', 'sdr_interactions', acked.sdrInteractions);
    for (const [phone, candidates] of Object.entries(acked.sdrStatus)) {
      checked += 1;
      const key = `55${phone.replace(/\D/g, '')}`;
      const latest = await db
        .collection<{ status: string; createdAt: Date }>('sdr_interactions')
        .find({ phone: key })
        .sort({ createdAt: -1 })
        .limit(1)
        .toArray();
      // A phone whose every write went unanswered may have no interaction: nothing was acknowledged.
      const status = latest[0]?.status;
      // (An acknowledged creation of it is looked up by id above.)
      if (status !== undefined && !candidates.includes(status))
        lost.push(`SDR status of ${key}: ${status}, expected one of ${candidates.join('|')}`);
    }
    const deleting = new Set(acked.chatDeleteAttempted);
    await exists(
      'chat session',
      'chat_sessions',
      acked.chatSessions.filter((id) => !deleting.has(id)),
    );
    await exists(
      'chat message',
      'chat_messages',
      acked.chatMessages.filter((m) => !deleting.has(m.sessionId)).map((m) => m.id),
    );
    for (const id of acked.chatDeleted) {
      checked += 1;
      const session = await db.collection('chat_sessions').countDocuments({ _id: id as never });
      const messages = await db.collection('chat_messages').countDocuments({ sessionId: id });
      if (session + messages > 0) lost.push(`chat delete ${id}: session ${session}, messages ${messages} left`);
    }
    await exists('policy', 'policies', acked.policies);
    for (const [id, candidates] of Object.entries(acked.policyStatus)) {
      checked += 1;
      const policy = await db
        .collection<{ _id: string; status: string; history: { to: string }[] }>('policies')
        .findOne({ _id: id });
      if (policy === null) continue; // reported above when its creation was acknowledged
      if (!candidates.includes(policy.status))
        lost.push(`policy ${id} status ${policy.status}, expected one of ${candidates.join('|')}`);
      for (const to of acked.policyMoves[id] ?? []) {
        if (!policy.history.some((h) => h.to === to))
          lost.push(`policy ${id}: acknowledged move to ${to} not in its history`);
      }
    }
    await exists('sale', 'sales', acked.sales);
    for (const [id, candidates] of Object.entries(acked.saleLastEvent)) {
      checked += 1;
      const sale = await db
        .collection<{ _id: string; lastEvent: { event: string } | null }>('sales')
        .findOne({ _id: id });
      if (sale === null) continue;
      const last = sale.lastEvent?.event ?? NO_EVENT;
      if (!candidates.includes(last))
        lost.push(`sale ${id} last event ${last}, expected one of ${candidates.join('|')}`);
    }
    for (const [id, events] of Object.entries(acked.saleEvents)) {
      for (const [event, count] of Object.entries(events)) {
        checked += 1;
        const rows = await db.collection('sale_status_events').countDocuments({ saleId: id, event });
        if (rows < count) lost.push(`sale ${id}: ${count} acknowledged ${event} events, ${rows} rows`);
      }
    }
    await exists('lead', 'hub_leads', [...new Set(acked.leads.map((l) => l.leadId))]);
    for (const lead of acked.leads) {
      checked += 1;
      const events = await db
        .collection('hub_lead_events')
        .countDocuments({ leadId: lead.leadId, rawBody: lead.rawBody });
      if (events !== 1)
        lost.push(`lead ${lead.leadId}: ${events} raw events for an acknowledged delivery (expected 1)`);
    }
  } finally {
    await conn.close();
  }
  return { checked, lost };
}

async function main(): Promise<void> {
  const random = seeded(SEED);
  const mongo = await startMongoServer({ uri: process.env.MONGODB_URI, log: () => undefined });
  const model = await startModel();
  let serve: ServeProcess | undefined;
  try {
    const uri = withDatabase(mongo.uri, `bench_crash_${randomUUID().replace(/-/g, '').slice(0, 12)}`);
    process.stdout.write(
      `brokerhub bench:crash — ${KILLS} SIGKILLs of serve under a mixed write load (${WORKERS} workers in a ` +
        `separate process); seed ${SEED} (BENCH_CRASH_SEED=${SEED} repeats it); MongoDB: ${mongo.kind}, its own ` +
        `process, outliving serve\n` +
        `target: at least ${TARGET_KILLS} kills; zero source-data violations after every kill; derived data clean ` +
        `after at most one check-data --repair; no acknowledged write lost\n\n`,
    );
    const prepared = await prepareData(uri, ORGANIZATIONS);
    const env = serviceEnv(uri, modelEnv(model));
    serve = await startServe(env);
    const load = Load.start({
      mode: 'crash',
      apiKey: prepared.apiKey,
      orgs: prepared.orgs,
      workers: WORKERS,
      seed: SEED + 1,
    });
    load.target(serve);

    let sourceViolations = 0;
    let derivedFound = 0;
    let repaired = 0;
    let derivedLeft = 0;
    const restartMs: number[] = [];
    for (let kill = 1; kill <= KILLS; kill += 1) {
      const after = Math.round(500 + random() * 3_500);
      await sleep(after);
      const victim: ServeProcess = serve;
      victim.child.kill('SIGKILL');
      await victim.exited;
      await load.pause();
      const restarted = Date.now();
      serve = await startServe(env);
      restartMs.push(Date.now() - restarted);
      const judged = await judge(env);
      sourceViolations += judged.source + judged.sourceLeft;
      derivedFound += judged.derived;
      repaired += judged.repaired;
      derivedLeft += judged.derivedLeft;
      process.stdout.write(
        `kill ${String(kill).padStart(2)} after ${(after / 1_000).toFixed(2)} s of load: ${judged.text}\n`,
      );
      load.target(serve);
    }
    await sleep(3_000);
    const report = await load.stop();
    const last = await judge(env);
    sourceViolations += last.source + last.sourceLeft;
    derivedFound += last.derived;
    repaired += last.repaired;
    derivedLeft += last.derivedLeft;
    process.stdout.write(
      `after the load (webhooks resent: ${report.webhooksResent}, still unacknowledged: ` +
        `${report.webhooksUnacknowledged}): ${last.text}\n`,
    );
    serve.child.kill('SIGTERM');
    await serve.exited;
    serve = undefined;

    const { checked, lost } = await lostWrites(uri, report.acked);
    const a = report.acked;
    const saleEvents = Object.values(a.saleEvents)
      .flatMap((e) => Object.values(e))
      .reduce((s, n) => s + n, 0);
    process.stdout.write(
      `\nrequests sent ${report.requests}, acknowledged (2xx) ${report.acknowledged}: ` +
        `SDR interactions ${a.sdrInteractions.length}, chat sessions ${a.chatSessions.length}, ` +
        `chat messages ${a.chatMessages.length}, chat deletes ${a.chatDeleted.length}, ` +
        `policies ${a.policies.length}, policy moves ${Object.values(a.policyMoves).flat().length}, ` +
        `sales ${a.sales.length}, sale events ${saleEvents}, lead webhooks ${a.leads.length}\n`,
    );
    for (const [route, byStatus] of Object.entries(report.statuses))
      process.stdout.write(
        `  ${route.padEnd(36)} ${Object.entries(byStatus)
          .map(([s, n]) => `${s}: ${n}`)
          .join(', ')}\n`,
      );
    process.stdout.write(`restart of serve (to its URLs): ${describe(summarize(restartMs), 0, ' ms')}\n`);
    process.stdout.write(
      `kills ${KILLS}; source-data violations ${sourceViolations}; derived-data violations found ${derivedFound}, ` +
        `repaired ${repaired}, left after one repair ${derivedLeft}; acknowledged writes checked ${checked}, ` +
        `lost ${lost.length}\n`,
    );
    for (const line of lost.slice(0, 20)) process.stdout.write(`  LOST ${line}\n`);
    const misses = [
      ...(KILLS < TARGET_KILLS ? [`only ${KILLS} kills (target at least ${TARGET_KILLS})`] : []),
      ...(sourceViolations > 0 ? [`${sourceViolations} source-data violations`] : []),
      ...(derivedLeft > 0 ? [`${derivedLeft} derived-data violations left after one repair`] : []),
      ...(lost.length > 0 ? [`${lost.length} acknowledged writes lost`] : []),
    ];
    process.stdout.write(
      'target (zero source violations, derived clean after one repair, no acknowledged write lost, >= ' +
        `${TARGET_KILLS} kills): ${misses.length === 0 ? 'met' : `MISSED: ${misses.join('; ')}`}\n`,
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

runBench('bench:crash', main);
