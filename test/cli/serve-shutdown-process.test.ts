import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { withDatabase } from '../../src/adapters/mongo/shared/embedded-mongo';
import { connectMongo } from '../../src/adapters/mongo/shared/mongo-connection';
import { startDelayingTcpProxy } from '../support/delaying-tcp-proxy';
import { sharedMongo } from '../support/mongo';
import { waitUntil } from '../support/processes';
import { startServe, type ServeChild } from '../support/serve-child';
import type { ApiEventLogTally } from '../../src/adapters/api-event-log/batching-options';

type ClosingTally = ApiEventLogTally;

const parsed = (lines: readonly string[]): Record<string, unknown>[] =>
  lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
const isDropWarning = (entry: Record<string, unknown>) =>
  entry.msg === 'api event log: buffer full, new entries dropped';

/**
 * `serve` as a real process on a database made slow by a delaying proxy (every chunk held 0.5 s each
 * way), loaded until its event-log buffer is full, then SIGTERM under load (CONTRACT 9.5).
 */
describe('serve process: shutdown under an API event-log backlog', function () {
  this.timeout(90_000);

  it(
    'exits 0 within 10 s and accounts for every entry: written + reported dropped or not written = ' + 'produced',
    async () => {
      const real = new URL(sharedMongo().uri);
      const proxy = await startDelayingTcpProxy({ host: real.hostname, port: Number(real.port) });
      const database = `test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
      let child: ServeChild['child'] | undefined;
      try {
        const served = await startServe({
          MONGODB_URI: `mongodb://127.0.0.1:${proxy.port}/${database}?${real.searchParams.toString()}`,
          EVENT_LOG_BUFFER_SIZE: '3000',
          LOG_LEVEL: 'warn',
          TRUST_PROXY: '1',
        });
        child = served.child;
        proxy.setDelay(500);

        // Load: concurrent keep-alive clients on a path that answers without the database (404), each
        // request from its own address so none is throttled: refused requests (401, 429) would only be
        // counted (CONTRACT 9.5), these are entries one by one.
        let produced = 0;
        let loading = true;
        let address = 0;
        const client = async (): Promise<void> => {
          while (loading) {
            try {
              address += 1;
              const response = await fetch(`${served.salesUrl}/nowhere`, {
                headers: { 'x-forwarded-for': `10.9.${(address >> 8) & 255}.${address & 255}` },
              });
              await response.arrayBuffer();
              produced += 1;
            } catch {
              return; // the server stopped accepting
            }
          }
        };
        const clients = Array.from({ length: 16 }, () => client());
        // The buffer fills: the warning comes while it happens, not when the write loop ends.
        expect(await waitUntil(() => parsed(served.logs).some(isDropWarning), 30_000)).to.equal(
          true,
          'no drop warning while dropping',
        );
        await new Promise((resolve) => setTimeout(resolve, 500));

        const signalled = Date.now();
        const logsBeforeSignal = served.logs.length;
        served.child.kill('SIGTERM');
        const code = await served.exited;
        const elapsed = Date.now() - signalled;
        loading = false;
        await Promise.all(clients);
        expect(code).to.equal(0);
        expect(elapsed).to.be.lessThan(
          10_000,
          served.logs
            .filter((line) => !line.includes('"msg":"request"'))
            .slice(-5)
            .join('\n'),
        );

        // One drop warning during the load (less than a minute of it), the rest reported at close.
        expect(parsed(served.logs.slice(0, logsBeforeSignal)).filter(isDropWarning)).to.have.length(1);
        const closing = parsed(served.logs).find(
          (entry) => typeof entry.msg === 'string' && entry.msg.startsWith('api event log closed'),
        );
        expect(closing, 'no closing line of the API event log').not.to.equal(undefined);
        const tally = closing as unknown as ClosingTally;
        expect(tally.notWritten).to.be.greaterThan(0);
        expect(tally.dropped).to.be.greaterThan(0);
        expect(tally.recorded).to.equal(produced);
        expect(tally.written + tally.dropped + tally.failed + tally.notWritten + tally.unconfirmed).to.equal(produced);

        // What reached the database, read directly (a write under way at the deadline may land late).
        const reader = await connectMongo(withDatabase(sharedMongo().uri, database));
        try {
          const count = () => reader.db.collection('api_event_logs').countDocuments({});
          let stored = await count();
          for (let settled = false; !settled;) {
            await new Promise((resolve) => setTimeout(resolve, 2_500));
            const again = await count();
            settled = again === stored;
            stored = again;
          }
          expect(stored).to.be.within(tally.written, tally.written + tally.unconfirmed);
          const lost = tally.dropped + tally.failed + tally.notWritten + (tally.written + tally.unconfirmed - stored);
          expect(stored + lost).to.equal(produced);
        } finally {
          await reader.close();
        }
      } finally {
        // A failed run must not leave serve behind (it would go on writing its backlog).
        if (child !== undefined && child.exitCode === null) child.kill('SIGKILL');
        await proxy.close();
      }
    },
  );
});
