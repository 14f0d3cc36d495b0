// What the three sales processes of bench:tracing run once their entry file has (or has not) loaded
// tracing: the real composition from the environment, with the rate limiter kept in the chain but
// never throttling (spec limits would refuse a benchmark's load), logging at info to /dev/null.
// Prints one JSON line `{ "url": … }` once listening; ends when stdin closes.
import * as E from 'fp-ts/Either';
import pino from 'pino';
import { listen, baseUrl } from '../../src/adapters/http/shared/listen';
import { ensureIndexes } from '../../src/adapters/mongo/shared/collection-indexes';
import { createLogger } from '../../src/adapters/system/logger';
import { currentTracing } from '../../src/adapters/tracing/tracing-handle';
import { loadConfig } from '../../src/config';
import { openRuntime } from '../../src/runtime';

export async function serveSalesForBench(): Promise<void> {
  const loaded = loadConfig(process.env);
  if (E.isLeft(loaded)) throw new Error(loaded.left.problem);
  const logger = createLogger('info', pino.destination({ dest: '/dev/null', sync: false }));
  const runtime = await openRuntime(loaded.right.config, logger, {
    overrides: { salesRateLimit: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 } },
  });
  await ensureIndexes(runtime.app.platform.db, runtime.app.indexes);
  const server = await listen(runtime.app.http.sales, '127.0.0.1', 0);
  process.stdout.write(`${JSON.stringify({ url: baseUrl(server), tracing: currentTracing().enabled })}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => {
    server.close();
    void currentTracing()
      .shutdown(2_000)
      .then(() => runtime.close(1_000))
      .finally(() => process.exit(0));
  });
}
