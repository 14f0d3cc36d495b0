// npm run bench:ai [-- --rounds 5 --seconds 3 --connections 10 --keep-messages]
// The overhead of POST /ai/execute with the model answering instantly: the user message and the answer
// written, the session's counters updated twice, the session and its last 20 messages read, and one
// upstream call through the openai client to an OpenAI-compatible server in its own process
// (bench/support/instant-model-process.ts); against a bare authenticated POST of the same body behind
// the same combined guard, in the same run. Load from autocannon in its own process, interleaved rounds
// (the order mirrored every other round). Target: the median p99 of /ai/execute <= 3x the bare POST's.
// The rate limit of /ai/execute (20 per 60 s) is lifted for the run: it is the service's cost that is
// measured, not the limiter's refusals.
// On the embedded jongodb every insert costs time in proportion to the collection (its index checks
// scan), so a store that grows through the run measures jongodb, not the route: there the session's
// messages are removed before each load (`--keep-messages` keeps them), which the run states. On a real
// MongoDB (MONGODB_URI) they are kept.
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { combinedGuard } from '../src/adapters/http/sales/guards';
import { chatMessagesCollection } from '../src/adapters/mongo/assistant/chat-collections';
import { startMongoServer, withDatabase } from '../src/adapters/mongo/shared/embedded-mongo';
import { ApiEventStore } from '../src/application/sales-identity/ports';
import { rebinding } from '../src/composition/container';
import { describe, summarize } from './support/bench-stats';
import { discardingEventStore } from './support/discarding-event-store';
import { load, printCommandCounts, runBench, startSalesBench, type Target } from './support/sales-bench';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const ROUNDS = Math.max(5, Number(arg('rounds', '5')));
const SECONDS = Number(arg('seconds', '3'));
const CONNECTIONS = Number(arg('connections', '10'));
const P99_FACTOR = 3;
/**
 * BENCH_EVENT_LOG=sink hands the API event log's batches to a counting sink instead of the database. On
 * jongodb every insert command costs the square of its collection's size, and the bare route alone
 * logs thousands of requests a second: the database then spends the run inserting log entries, which
 * slows every route that reads or writes it (this one) and none that does not (the bare route).
 */
const EVENT_LOG_TO_DATABASE = process.env.BENCH_EVENT_LOG !== 'sink';

let missed = 0;
function verdict(ok: boolean, text: string): void {
  console.log(`  ${ok ? 'PASS' : 'MISS'} ${text}`);
  if (!ok) missed += 1;
}

async function measure(serverUri: string, modelUrl: string, trimMessages: boolean): Promise<void> {
  const bench = await startSalesBench(
    (guards) => {
      const router = new Router({ prefix: '/bench' });
      router.post('/authed', combinedGuard(guards), (ctx) => {
        ctx.body = { ok: true, length: JSON.stringify(ctx.request.body ?? null).length };
      });
      return [router];
    },
    {
      mongodbUri: withDatabase(serverUri, `bench_ai_${randomUUID().slice(0, 8)}`),
      env: { AI_API_URL: modelUrl, AI_API_KEY: 'sk-bench-not-a-real-key', AI_MODEL: 'bench-model' },
      overrides: {
        salesRateLimitRuleFor: () => ({ limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 }),
        ...(EVENT_LOG_TO_DATABASE ? {} : { rebind: [rebinding(ApiEventStore, discardingEventStore())] }),
      },
    },
  );
  try {
    const { salesIdentity, assistant } = bench.runtime.app;
    const email = 'bench@example.com';
    const user = await salesIdentity.useCases.createSalesUser.execute({
      email,
      password: 'bench password 1',
      role: 'operator',
    });
    if (E.isLeft(user)) throw new Error('could not create the benchmark user');
    const key = await salesIdentity.useCases.createApiKey.execute({ actor: { system: true }, email });
    if (E.isLeft(key)) throw new Error('could not create the benchmark API key');
    // One conversation: every request is a message in it (the context is always the last 20 messages).
    const session = await assistant.useCases.createChatSession.execute({ userId: user.right.id, title: 'bench' });
    if (E.isLeft(session)) throw new Error('could not open the benchmark session');
    const headers = { 'x-api-key': key.right.key, 'content-type': 'application/json' };
    const body = JSON.stringify({ message: 'quantos leads viraram venda esta semana?', sessionId: session.right.id });
    const targets: Target[] = [
      { name: 'bare authenticated POST', url: `${bench.baseUrl}/bench/authed`, method: 'POST', headers, body },
      { name: 'POST /ai/execute', url: `${bench.baseUrl}/ai/execute`, method: 'POST', headers, body },
    ];
    await printCommandCounts(bench, targets, 'database commands per request');
    console.log(
      `\n${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s; API event log written ` +
        `to ${EVENT_LOG_TO_DATABASE ? 'the database (BENCH_EVENT_LOG=sink: a counting sink)' : 'a counting sink'}` +
        (trimMessages ? "; the session's messages removed before each load (jongodb)" : ''),
    );
    const settle = async () => {
      if (trimMessages)
        await chatMessagesCollection(bench.runtime.app.platform.db).deleteMany({ sessionId: session.right.id });
    };
    for (const target of targets) {
      await settle();
      await load(target, 1, CONNECTIONS);
    }
    const p99 = new Map<string, number[]>();
    const rps = new Map<string, number[]>();
    let non2xx = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
        await settle();
        const result = await load(target, SECONDS, CONNECTIONS);
        p99.set(target.name, [...(p99.get(target.name) ?? []), result.p99Ms]);
        rps.set(target.name, [...(rps.get(target.name) ?? []), result.requestsPerSecond]);
        non2xx += result.non2xx;
      }
    }
    for (const target of targets) {
      console.log(
        `  ${target.name.padEnd(26)} ` +
          `p99 ${describe(summarize(p99.get(target.name) ?? []), 0, ' ms')}` +
          `, ${describe(summarize(rps.get(target.name) ?? []), 0, ' req/s')}`,
      );
    }
    verdict(non2xx === 0, `every response 2xx (${non2xx} others)`);
    const [bare, ai] = targets.map((t) => summarize(p99.get(t.name) ?? []).median);
    const factor = (ai ?? 0) / Math.max(bare ?? 0, 1);
    verdict(
      factor <= P99_FACTOR,
      `POST /ai/execute p99 is ${factor.toFixed(2)}x the bare authenticated POST's (medians ${ai} ms / ${bare} ms, ` +
        `1 ms floor), target <= ${P99_FACTOR}x`,
    );
  } finally {
    await bench.close();
  }
}

async function main(): Promise<void> {
  const mongo = await startMongoServer({ uri: process.env.MONGODB_URI, log: (line) => console.log(line) });
  const model = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'support/instant-model-process.ts')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  try {
    const [line] = (await once(createInterface({ input: model.stdout }), 'line')) as [string];
    const { port } = JSON.parse(line) as { port: number };
    console.log(
      `brokerhub bench:ai — MongoDB: ${mongo.kind}; the model: an instant OpenAI-compatible server in its own process`,
    );
    await measure(
      mongo.uri,
      `http://127.0.0.1:${port}/v1`,
      mongo.kind === 'jongodb' && !process.argv.includes('--keep-messages'),
    );
    console.log(missed === 0 ? '\nevery target met' : `\n${missed} target(s) missed`);
    if (missed > 0) process.exitCode = 1;
  } finally {
    model.kill();
    await mongo.stop();
  }
}

runBench('bench:ai', main);
