// npm run bench:sdr — the SDR status update (PATCH /sdr/interactions/status: API-key guard, body
// decoding, phone normalization, person lookup by phone key, one findAndModify of the most recent
// interaction's status, one appended note) under load, beside a bare Koa route of the same app, in one
// run; and the database commands one request sends, for these routes and for interaction creation (a
// new contact, and the same contact again within the dedupe window).
// Not a test: the numbers vary by machine.
import 'reflect-metadata';
import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { normalizePhone } from '../src/domain/shared/phone';
import { describeTally, totalOf } from './support/command-count';
import { measureInterleaved, printCommandCounts, runBench, startSalesBench, type Target } from './support/sales-bench';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Target for the SDR writes themselves: database commands per request. */
const MAX_WRITE_COMMANDS = 5;
/**
 * The refresh of the written contact's read-model document (CONTRACT 10.1), which every SDR write now
 * does after its own writes: claim, its interactions, its chats, the persons holding its phone, their
 * sales, the write (a person named only by an interaction adds one lookup). Bounded, whatever the data size.
 */
const MAX_REFRESH_COMMANDS = 6;
const MAX_SDR_COMMANDS = MAX_WRITE_COMMANDS + MAX_REFRESH_COMMANDS;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** Leads in the database besides the one updated (jongodb scans linearly: the size matters there). */
const LEADS = Number(process.env.BENCH_LEADS ?? 200);

async function main(): Promise<void> {
  const bench = await startSalesBench(() => {
    const router = new Router({ prefix: '/bench' });
    router.get('/bare', (ctx) => {
      ctx.body = { ok: true };
    });
    return [router];
  });
  try {
    const { salesIdentity, sdr } = bench.runtime.app;
    const email = 'bench@example.com';
    await salesIdentity.useCases.createSalesUser.execute({ email, password: 'bench password 1', role: 'operator' });
    const key = await salesIdentity.useCases.createApiKey.execute({ actor: { system: true }, email });
    if (E.isLeft(key)) throw new Error('could not create the benchmark API key');
    const create = sdr.useCases.createSdrInteraction;
    const phone = (raw: string) => {
      const canonical = normalizePhone(raw);
      if (canonical === undefined) throw new Error(`not a phone: ${raw}`);
      return canonical;
    };
    for (let i = 0; i < LEADS; i += 1) {
      await create.execute({
        phone: phone(`11 9${String(10_000_000 + i)}`),
        channel: 'whatsapp',
        result: 'no_response',
      });
    }
    await create.execute({
      phone: phone('(11) 98765-4321'),
      channel: 'whatsapp',
      result: 'no_response',
      name: 'Bench Lead',
    });

    const apiKey = { 'x-api-key': key.right.key, 'content-type': 'application/json' };
    const targets: Target[] = [
      { name: 'bare GET (no credential)', url: `${bench.baseUrl}/bench/bare` },
      {
        name: 'PATCH SDR status (+note)',
        url: `${bench.baseUrl}/sdr/interactions/status`,
        method: 'PATCH',
        headers: apiKey,
        body: JSON.stringify({
          identifier: '+55 (11) 8765-4321',
          identifier_type: 'phone',
          status: 'interested',
          notes: 'bench',
        }),
      },
    ];
    const creation = (name: string, phone: string): Target => ({
      name,
      url: `${bench.baseUrl}/sdr/interactions`,
      method: 'POST',
      headers: apiKey,
      body: JSON.stringify({ phone, channel: 'whatsapp', result: 'no_response', notes: 'bench' }),
    });
    process.stdout.write(
      `brokerhub bench:sdr — ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION_SECONDS} s per ` +
        `route, ${LEADS + 1} leads, MongoDB: ${bench.runtime.mongoServer.kind}\n`,
    );
    const commands = await printCommandCounts(
      bench,
      targets,
      `database commands per request (goal for the SDR routes: at most ${MAX_WRITE_COMMANDS} for the write + ` +
        `${MAX_REFRESH_COMMANDS} for the contact's read-model refresh)`,
    );
    // Creation is counted once per case: a new contact, then the same one again within the dedupe window.
    const patchCommands = commands.get('PATCH SDR status (+note)');
    if (patchCommands === undefined) throw new Error('the PATCH SDR status target was not counted');
    const sdrCounts = [totalOf(patchCommands)];
    for (const target of [
      creation('POST SDR interaction (new)', '(21) 99876-5432'),
      creation('POST SDR interaction (again)', '(21) 99876-5432'),
    ]) {
      const tally = await bench.commandsOf(target);
      sdrCounts.push(totalOf(tally));
      process.stdout.write(`  ${target.name.padEnd(30)}${describeTally(tally)}\n`);
    }
    const worst = Math.max(...sdrCounts);
    process.stdout.write(
      `target: SDR status update and interaction creation at most ${MAX_SDR_COMMANDS} commands each ` +
        `(${MAX_WRITE_COMMANDS} for the write, ${MAX_REFRESH_COMMANDS} for the read-model refresh): worst ` +
        `${worst}, ${worst <= MAX_SDR_COMMANDS ? 'met' : 'MISSED'}\n`,
    );
    if (worst > MAX_SDR_COMMANDS) process.exitCode = 1;

    // The notes collection grows during the run; interleaving spreads that drift over every round.
    const results = await measureInterleaved(targets, {
      rounds: ROUNDS,
      seconds: DURATION_SECONDS,
      connections: CONNECTIONS,
      warmupSeconds: 1,
    });
    process.stdout.write(
      `\n${'route'.padEnd(28)}${'req/s (median)'.padStart(15)}` +
        `${'p99 ms (max)'.padStart(14)}${'non-2xx'.padStart(9)}${'db cmds'.padStart(9)}\n`,
    );
    for (const r of results) {
      const tally = commands.get(r.name);
      const perRequest = tally === undefined ? '—' : String(totalOf(tally));
      process.stdout.write(
        `${r.name.padEnd(28)}${r.requestsPerSecond.toFixed(0).padStart(15)}` +
          `${String(r.p99Ms).padStart(14)}${String(r.non2xx).padStart(9)}` +
          `${perRequest.padStart(9)}\n`,
      );
    }
  } finally {
    await bench.close();
  }
}

runBench('bench:sdr', main);
