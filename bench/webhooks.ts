// npm run bench:webhooks [-- --seconds 5 --rounds 2 --connections 20]
// Posts signed ~4 KiB lead forms to the real hub app (embedded MongoDB, or MONGODB_URI) under load
// with autocannon and reports requests/s with signature checking on (the organization has a webhook
// secret) and off (no secret: the header is present but not checked), in the same run. The two
// modes run at the same time (half the connections each, after a warm-up), so a database that
// slows as it fills (jongodb scans linearly) weighs on both alike; in a closed loop the ratio of
// their requests/s is the ratio of their per-request costs. Two paths:
//   processed:   a matching template: lead upsert, outbox message, event log (every body distinct);
//   no template: verification, limiter and routing only (where the check weighs the most).
// Before the load, prints the database commands one request of each mode sends.
import 'reflect-metadata';
import autocannon from 'autocannon';
import { createHmac, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as E from 'fp-ts/Either';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { compose } from '../src/composition-root';
import { ensureIndexes } from '../src/adapters/mongo/shared/collection-indexes';
import { startMongoServer, withDatabase } from '../src/adapters/mongo/shared/embedded-mongo';
import { connectMongo } from '../src/adapters/mongo/shared/mongo-connection';
import { CommandCounter, describeTally, totalOf } from './support/command-count';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 5);
const ROUNDS = arg('rounds', 2);
const CONNECTIONS = arg('connections', 20);
const SECRET = 'bench-webhook-secret-0123456789abcdef';

/** A lead form of about 4 KiB, distinct per n (its id and phone), signed as GitHub signs. */
function leadForm(n: number): { body: string; signature: string } {
  const phone = `119${String(10_000_000 + (n % 89_999_999)).padStart(8, '0')}`;
  const body = JSON.stringify({
    id: `bench-${n}-${randomUUID()}`,
    contact: { name: `Cliente ${n}`, phone, email: `cliente${n}@example.com` },
    attendant: { name: 'Equipe' },
    team: { name: 'Vendas' },
    interests: { brand: 'Fiat', product: 'Argo' },
    tracking: { source: 'google', medium: 'cpc' },
    notes: 'x'.repeat(3_600),
  });
  return { body, signature: `sha256=${createHmac('sha256', SECRET).update(body, 'utf8').digest('hex')}` };
}

async function main(): Promise<void> {
  const server = await startMongoServer({ uri: process.env.MONGODB_URI, log: (line) => console.log(line) });
  const counter = new CommandCounter();
  const mongo = await connectMongo(withDatabase(server.uri, `bench_${randomUUID().slice(0, 8)}`), { commandObserver: counter.observer });
  const loaded = loadConfig({ HUB_JWT_SECRET: 'x'.repeat(40), SALES_JWT_SECRET: 'y'.repeat(40) });
  if (E.isLeft(loaded)) throw new Error(loaded.left.problem);
  const app = compose(loaded.right.config, { db: mongo.db, redis: undefined, logger: pino({ level: 'silent' }) }, {
    hubIpRateLimit: { limit: 1e9, windowMs: 300_000 },
    hubWebhookRateLimit: { limit: 1e9, windowMs: 60_000 },
  });
  await ensureIndexes(app.platform.db, app.indexes);
  const orgs = app.hubIdentity.useCases.createOrganization;
  const templates = app.hubLeads.useCases.createLeadTemplate;
  const makeOrg = async (name: string, secret: boolean, template: boolean) => {
    const org = await orgs.execute({ name: `${name} ${randomUUID().slice(0, 6)}`, ...(secret ? { webhookSecret: SECRET } : {}) });
    if (E.isLeft(org)) throw new Error('org');
    if (template) await templates.execute({ orgId: org.right.id, name: 'Fiat', active: true, pipelineExternalId: 'bench', conditions: [{ path: 'interests.brand', value: 'Fiat' }], message: 'Olá {{contact.name}}' });
    return org.right.id;
  };
  const handler = app.http.hub.callback();
  const http = createServer(handler);
  /** One request's commands, counted twice with distinct bodies: the steady figure, and the first one's when it differs. */
  let probeN = 10_000_000;
  const printCommands = async (label: string, orgId: string) => {
    const once = async () => {
      probeN += 1;
      const form = leadForm(probeN);
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

  const pool = Array.from({ length: 2_000 }, (_, i) => leadForm(i));
  console.log(`lead form size: ${Buffer.byteLength(pool[0]!.body)} bytes; ${CONNECTIONS} connections (half per mode, both modes at once), ${SECONDS} s per round, ${ROUNDS} rounds`);

  const run = async (orgId: string, offset: { n: number }, seconds = SECONDS): Promise<{ rps: number; p99: number; non2xx: number }> => {
    const result = await autocannon({
      url,
      connections: Math.max(1, Math.floor(CONNECTIONS / 2)),
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: `/api/v1/webhooks/${orgId}/leadprovider`,
          setupRequest: (req) => {
            // Distinct bodies: every request is a new lead, never a recognized redelivery.
            offset.n += 1;
            const form = offset.n < pool.length ? pool[offset.n]! : leadForm(offset.n);
            return { ...req, body: form.body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': form.signature } };
          },
        },
      ],
    });
    return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx };
  };

  for (const scenario of [
    { name: 'processed (lead upsert + outbox + event log)', template: true },
    { name: 'no template (verification + limiter + routing)', template: false },
  ]) {
    const off = await makeOrg('Off', false, scenario.template);
    const on = await makeOrg('On', true, scenario.template);
    await printCommands(`${scenario.name} | signature off`, off);
    await printCommands(`${scenario.name} | signature on`, on);
    const totals = { off: [] as number[], on: [] as number[] };
    const counters = { off: { n: 0 }, on: { n: 1_000 } };
    await Promise.all([run(off, counters.off, 2), run(on, counters.on, 2)]);
    for (let round = 0; round < ROUNDS; round += 1) {
      const [offRun, onRun] = await Promise.all([run(off, counters.off), run(on, counters.on)]);
      for (const [mode, r] of [['off', offRun], ['on', onRun]] as const) {
        if (r.non2xx > 0) throw new Error(`${r.non2xx} non-2xx answers in ${scenario.name} (${mode})`);
        totals[mode].push(r.rps);
        console.log(`  ${scenario.name} | signature ${mode.padEnd(3)} | round ${round + 1}: ${r.rps.toFixed(1)} req/s, p99 ${r.p99} ms`);
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const offRps = mean(totals.off);
    const onRps = mean(totals.on);
    const cost = ((offRps - onRps) / offRps) * 100;
    console.log(`${scenario.name}: off ${offRps.toFixed(1)} req/s, on ${onRps.toFixed(1)} req/s, signature check cost ${cost.toFixed(1)} % (target < 20 %)`);
  }

  http.close();
  await mongo.close();
  await server.stop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
