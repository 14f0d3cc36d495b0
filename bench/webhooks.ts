// npm run bench:webhooks [-- --seconds 4 --rounds 5 --connections 10]
// Posts signed ~4 KiB lead forms to the real hub app (embedded MongoDB, or MONGODB_URI) on loopback and
// measures what checking the signature costs: requests/s with the check on (the organization has a
// webhook secret) against off (no secret: the header is present but not checked). The load comes from
// a separate process (bench/support/webhook-load.ts, autocannon), so the generator never shares the
// server's event loop. On and off run in interleaved rounds, in ABBA order (off-on, on-off, ...), so
// whatever drifts during the run (jongodb slows as collections fill) weighs on both alike; each
// round's cost is 1 - on/off of that round, and the median of the rounds decides, with their spread.
// Target: the median cost is under 20 % on both paths; the process exits 1 when it is missed.
//   processed:   a matching template: lead upsert, outbox message, event log (every body distinct);
//   no template: verification, limiter and routing only (where the check weighs the most).
// Before the load, prints the database commands one request of each mode sends.
import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import * as E from 'fp-ts/Either';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { compose } from '../src/composition-root';
import { ensureIndexes } from '../src/adapters/mongo/shared/collection-indexes';
import { startMongoServer, withDatabase } from '../src/adapters/mongo/shared/embedded-mongo';
import { connectMongo } from '../src/adapters/mongo/shared/mongo-connection';
import { CommandCounter, describeTally, totalOf } from './support/command-count';
import { runBench } from './support/sales-bench';
import { leadForm } from './support/webhook-load';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 4);
/** At least 5: fewer rounds cannot tell the check's cost from the noise. */
const ROUNDS = Math.max(5, arg('rounds', 5));
const CONNECTIONS = arg('connections', 10);
const SECRET = 'bench-webhook-secret-0123456789abcdef';

const execFileAsync = promisify(execFile);
const LOAD = path.resolve(__dirname, 'support/webhook-load.ts');
/** The most the signature check may cost, as a share of the unchecked rate. */
const MAX_COST_PERCENT = 20;

interface Sample {
  readonly rps: number;
  readonly p99: number;
  readonly non2xx: number;
}

/** One round of load on one organization, from a separate process. */
async function load(url: string, orgId: string, seconds: number, connections: number): Promise<Sample> {
  const args = [
    '--import',
    'tsx',
    LOAD,
    '--url',
    url,
    '--path',
    `/api/v1/webhooks/${orgId}/leadprovider`,
    '--secret',
    SECRET,
    '--seconds',
    String(seconds),
    '--connections',
    String(connections),
  ];
  const { stdout } = await execFileAsync(process.execPath, args, { maxBuffer: 1024 * 1024 });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Sample;
}

const median = (xs: readonly number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const spread = (xs: readonly number[], digits: number): string =>
  `${Math.min(...xs).toFixed(digits)} to ${Math.max(...xs).toFixed(digits)}`;

async function main(): Promise<void> {
  const server = await startMongoServer({ uri: process.env.MONGODB_URI, log: (line) => console.log(line) });
  const counter = new CommandCounter();
  const mongo = await connectMongo(withDatabase(server.uri, `bench_${randomUUID().slice(0, 8)}`), {
    commandObserver: counter.observer,
  });
  const loaded = loadConfig({ HUB_JWT_SECRET: 'x'.repeat(40), SALES_JWT_SECRET: 'y'.repeat(40) });
  if (E.isLeft(loaded)) throw new Error(loaded.left.problem);
  const app = compose(
    loaded.right.config,
    { db: mongo.db, redis: undefined, logger: pino({ level: 'silent' }) },
    {
      hubIpRateLimit: { limit: 1e9, windowMs: 300_000 },
      hubWebhookRateLimit: { limit: 1e9, windowMs: 60_000 },
    },
  );
  await ensureIndexes(app.platform.db, app.indexes);
  const orgs = app.hubIdentity.useCases.createOrganization;
  const templates = app.hubLeads.useCases.createLeadTemplate;
  const makeOrg = async (name: string, secret: boolean, template: boolean) => {
    const org = await orgs.execute({
      name: `${name} ${randomUUID().slice(0, 6)}`,
      ...(secret ? { webhookSecret: SECRET } : {}),
    });
    if (E.isLeft(org)) throw new Error('org');
    if (template)
      await templates.execute({
        orgId: org.right.id,
        name: 'Fiat',
        active: true,
        pipelineExternalId: 'bench',
        conditions: [{ path: 'interests.brand', value: 'Fiat' }],
        message: 'Olá {{contact.name}}',
      });
    return org.right.id;
  };
  const handler = app.http.hub.callback();
  // Koa answers every request itself (errors through ctx.onerror), so its promise is left unawaited
  // oxlint-disable-next-line typescript/no-misused-promises
  const http = createServer(handler);
  /**
   * One request's commands, counted twice with distinct bodies: the steady figure, and the first one's when it differs.
   */
  let probeN = 10_000_000;
  const printCommands = async (label: string, orgId: string) => {
    const once = async () => {
      probeN += 1;
      const form = leadForm(probeN, SECRET);
      // Koa answers every request itself (errors through ctx.onerror), so its promise is left unawaited
      // oxlint-disable-next-line typescript/no-misused-promises
      const probe = await counter.countRequest(handler, {
        method: 'POST',
        path: `/api/v1/webhooks/${orgId}/leadprovider`,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': form.signature },
        body: form.body,
      });
      if (probe.status >= 300) throw new Error(`${label}: the command-count probe answered ${probe.status}`);
      return probe.commands;
    };
    const first = await once();
    const steady = await once();
    const firstNote = totalOf(first) === totalOf(steady) ? '' : ` (first request: ${describeTally(first)})`;
    console.log(`  database commands per request, ${label}: ${describeTally(steady)}${firstNote}`);
  };
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  console.log(
    `lead form size: ${Buffer.byteLength(leadForm(0, SECRET).body)} bytes; ${CONNECTIONS} connections from a ` +
      `separate process, ${SECONDS} s per round, ${ROUNDS} interleaved rounds of each mode`,
  );
  console.log(
    `target: the signature check costs under ${MAX_COST_PERCENT} % of the unchecked rate (median of the rounds), ` +
      'on both paths',
  );

  let missed = false;
  for (const scenario of [
    { name: 'processed (lead upsert + outbox + event log)', template: true },
    { name: 'no template (verification + limiter + routing)', template: false },
  ]) {
    const orgIds = {
      off: await makeOrg('Off', false, scenario.template),
      on: await makeOrg('On', true, scenario.template),
    };
    await printCommands(`${scenario.name} | signature off`, orgIds.off);
    await printCommands(`${scenario.name} | signature on`, orgIds.on);
    for (const mode of ['off', 'on'] as const) await load(url, orgIds[mode], 2, CONNECTIONS);
    const rates = { off: [] as number[], on: [] as number[] };
    const costs: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      // ABBA: off-on, on-off, ... so a drift across the run does not favour either mode.
      const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
      const samples: Partial<Record<'off' | 'on', Sample>> = {};
      for (const mode of order) {
        const sample = await load(url, orgIds[mode], SECONDS, CONNECTIONS);
        if (sample.non2xx > 0) throw new Error(`${sample.non2xx} non-2xx answers in ${scenario.name} (${mode})`);
        samples[mode] = sample;
        rates[mode].push(sample.rps);
      }
      const cost = (1 - (samples.on?.rps ?? 0) / (samples.off?.rps ?? 1)) * 100;
      costs.push(cost);
      console.log(
        `  ${scenario.name} | round ${round + 1}: off ${samples.off?.rps.toFixed(1)} req/s (p99 ` +
          `${samples.off?.p99} ms), on ${samples.on?.rps.toFixed(1)} req/s (p99 ${samples.on?.p99} ms), cost ` +
          `${cost.toFixed(1)} %`,
      );
    }
    const cost = median(costs);
    const met = cost < MAX_COST_PERCENT;
    missed ||= !met;
    console.log(
      `${scenario.name}: off median ${median(rates.off).toFixed(1)} req/s (${spread(rates.off, 1)}), on median ` +
        `${median(rates.on).toFixed(1)} req/s (${spread(rates.on, 1)}); ` +
        `signature check cost median ${cost.toFixed(1)} % (rounds ${spread(costs, 1)}), target ` +
        `< ${MAX_COST_PERCENT} %: ${met ? 'met' : 'MISSED'}`,
    );
  }
  if (missed) process.exitCode = 1;

  http.close();
  await mongo.close();
  await server.stop();
}

runBench('bench:webhooks', main);
