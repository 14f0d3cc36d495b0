// npm run bench:auth — the cost of authentication on the sales service, measured side by side in one
// run: three GET routes of the real app (no credential, API key, JWT) loaded by autocannon. Not a
// test: numbers vary by machine; the target is an authentication overhead under 20 % of the bare
// route's throughput (each route >= 0.8 of the bare one). Also prints the database commands one
// request of each route sends. The JWT route runs the ended-session check (CONTRACT 11.2) against a
// list of 10,000 sessions ended by the logout's write path before the load; their memory is printed.
import 'reflect-metadata';
import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import type Koa from 'koa';
import { combinedGuard } from '../src/adapters/http/sales/guards';
import { describe, summarize } from './support/bench-stats';
import { totalOf } from './support/command-count';
import { endTenThousandSessions } from './support/ended-session-load';
import { measureInterleaved, printCommandCounts, runBench, startSalesBench, type Target } from './support/sales-bench';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function main(): Promise<void> {
  const bench = await startSalesBench((guards) => {
    const router = new Router({ prefix: '/bench' });
    const answer = (ctx: Koa.Context) => {
      ctx.body = { ok: true };
    };
    router.get('/bare', answer);
    router.get('/api-key', combinedGuard(guards), answer);
    router.get('/jwt', combinedGuard(guards), answer);
    return [router];
  });
  try {
    const { useCases } = bench.runtime.app.salesIdentity;
    const email = 'bench@example.com';
    const password = 'bench password 1';
    await useCases.createSalesUser.execute({ email, password, role: 'operator' });
    const key = await useCases.createApiKey.execute({ actor: { system: true }, email });
    const session = await useCases.loginSalesUser.execute({ email, password });
    if (E.isLeft(key) || E.isLeft(session)) throw new Error('could not create the benchmark credentials');
    await endTenThousandSessions(bench.runtime.app.salesIdentity, bench.runtime.app.platform.db);

    const base = `${bench.baseUrl}/bench`;
    const targets: Target[] = [
      { name: 'bare GET (no credential)', url: `${base}/bare` },
      { name: 'API-key GET (x-api-key)', url: `${base}/api-key`, headers: { 'x-api-key': key.right.key } },
      {
        name: 'JWT GET (Bearer)',
        url: `${base}/jwt`,
        headers: { authorization: `Bearer ${session.right.accessToken}` },
      },
    ];
    process.stdout.write(
      `brokerhub bench:auth — ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION_SECONDS} s ` +
        `per route, MongoDB: ${bench.runtime.mongoServer.kind}\n`,
    );
    const commands = await printCommandCounts(bench, targets, 'database commands per request');
    const results = await measureInterleaved(targets, {
      rounds: ROUNDS,
      seconds: DURATION_SECONDS,
      connections: CONNECTIONS,
      warmupSeconds: 2,
    });

    const bare = results[0]?.requestsPerSecond ?? 0;
    process.stdout.write(
      `\n${'route'.padEnd(28)}${'req/s (median)'.padStart(15)}${'p99 ms'.padStart(9)}` +
        `${'non-2xx'.padStart(9)}${'auth overhead'.padStart(15)}${'db cmds'.padStart(9)}` +
        '  rounds: req/s median (range, spread)\n',
    );
    for (const r of results) {
      const overhead = r === results[0] ? '—' : `${(((bare - r.requestsPerSecond) / bare) * 100).toFixed(1)} %`;
      const tally = commands.get(r.name);
      const perRequest = tally === undefined ? '—' : String(totalOf(tally));
      process.stdout.write(
        `${r.name.padEnd(28)}${r.requestsPerSecond.toFixed(0).padStart(15)}` +
          `${String(r.p99Ms).padStart(9)}${String(r.non2xx).padStart(9)}` +
          `${overhead.padStart(15)}${perRequest.padStart(9)}` +
          `  ${describe(summarize(r.rounds))}\n`,
      );
    }
    for (const r of results.slice(1)) {
      const ratios = r.rounds.map((rate, i) => rate / (results[0]?.rounds[i] ?? rate));
      process.stdout.write(`${r.name} / bare, round by round: ${describe(summarize(ratios), 2)}\n`);
    }
    const worst = Math.max(...results.slice(1).map((r) => ((bare - r.requestsPerSecond) / bare) * 100));
    process.stdout.write(
      `\nworst authentication overhead: ${worst.toFixed(1)} % (target < 20 %: ${worst < 20 ? 'met' : 'MISSED'})\n`,
    );
    if (!(worst < 20)) process.exitCode = 1;
  } finally {
    await bench.close();
  }
}

runBench('bench:auth', main);
