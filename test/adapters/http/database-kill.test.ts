import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureIndexes } from '../../../src/adapters/mongo/shared/collection-indexes';
import { jongodbStrategy, type MongoServerHandle } from '../../../src/adapters/mongo/shared/embedded-mongo';
import { loadConfig } from '../../../src/config';
import { parseEmail } from '../../../src/domain/hub-identity/email';
import { openRuntime, type Runtime } from '../../../src/runtime';
import { indexCoverageGuard } from '../../support/index-coverage/index-coverage-guard';
import { memoryLogger } from '../../support/logs';
import { fastPasswordHasher, TEST_HUB_JWT_SECRET, TEST_JWT_SECRET } from '../../support/sales-runtime';
import { rebinding } from '../../../src/composition/container';
import { PasswordHashing } from '../../../src/composition/platform';

const PASSWORD = 'correct horse battery';
const SALES_EMAIL = 'operator@example.com';
const HUB_EMAIL = 'agent@example.com';

interface Answer {
  readonly name: string;
  readonly sentAt: number;
  readonly answeredAt: number;
  /** 0: no HTTP answer at all (connection error or client timeout). */
  readonly status: number;
}

async function listen(callback: Parameters<typeof createServer>[1]): Promise<{ server: Server; base: string }> {
  const server = createServer(callback);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Users and credentials the requests below need; run again after the database comes back empty. */
async function seed(runtime: Runtime): Promise<{ apiKey: string }> {
  const { salesIdentity, hubIdentity } = runtime.app;
  const user = await salesIdentity.useCases.createSalesUser.execute({
    email: SALES_EMAIL,
    password: PASSWORD,
    role: 'operator',
  });
  if (E.isLeft(user)) throw new Error(user.left._tag);
  const key = await salesIdentity.useCases.createApiKey.execute({ actor: { system: true }, email: SALES_EMAIL });
  if (E.isLeft(key)) throw new Error(key.left._tag);
  const org = await hubIdentity.useCases.createOrganization.execute({ name: `Outage Org ${Date.now()}` });
  if (E.isLeft(org)) throw new Error('slug taken');
  const email = parseEmail(HUB_EMAIL);
  if (email === undefined) throw new Error('bad e-mail');
  const hubUser = await hubIdentity.useCases.createHubUser.execute({
    email,
    password: PASSWORD,
    name: 'Agent',
    membership: { orgId: org.right.id, role: 'ADMIN', permissions: [] },
  });
  if (E.isLeft(hubUser)) throw new Error(hubUser.left._tag);
  return { apiKey: key.right.key };
}

/**
 * Done-when of the hardening work (CONTRACT 9.5): the test owns a separate embedded MongoDB process,
 * kills it (SIGKILL) while clients hammer both services over loopback, and restarts it on the same
 * port. No answer may be a 500; 503s come within 2 s of the kill; the same app serves 200 again once
 * the database is back, without a restart.
 */
describe('the embedded database killed during concurrent requests', function () {
  this.timeout(90_000);
  let log: ReturnType<typeof memoryLogger> | undefined;
  let second: MongoServerHandle | undefined;
  let runtime: Runtime | undefined;
  const servers: Server[] = [];

  // On a failure, the 5xx answers the apps logged say which fault was not classified.
  afterEach(function () {
    if (this.currentTest?.state !== 'failed' || log === undefined) return;
    for (const line of log.text().split('\n'))
      if (line.includes('"status":5')) process.stdout.write(`${line.slice(0, 600)}\n`);
  });
  after(async () => {
    for (const server of servers) await closeServer(server);
    await runtime?.close();
    await second?.stop();
  });

  it(
    'answers 503 (never 500) within 2 s while it is down, and 200 again once it is back on the same ' + 'port',
    async () => {
      const loaded = loadConfig({
        SALES_JWT_SECRET: TEST_JWT_SECRET,
        HUB_JWT_SECRET: TEST_HUB_JWT_SECRET,
        PUBLIC_APP_URL: 'http://app.test',
      });
      if (E.isLeft(loaded)) throw new Error(loaded.left.problem);
      log = memoryLogger();
      // Its own embedded server, started the way `npm start` starts one on a machine without mongod.
      runtime = await openRuntime(loaded.right.config, log.logger, {
        mongoStrategies: [jongodbStrategy()],
        serverSelectionTimeoutMS: 500,
        commandObserver: indexCoverageGuard.observer,
        overrides: {
          rebind: [rebinding(PasswordHashing, fastPasswordHasher())],
          salesRateLimit: { limit: 1_000_000, windowMs: 60_000 },
          hubIpRateLimit: { limit: 1_000_000, windowMs: 60_000 },
        },
      });
      const pid = runtime.mongoServer.pid;
      if (pid === undefined) throw new Error('jongodb reported no pid');
      const port = Number(new URL(runtime.mongoServer.uri).port);
      const rt = runtime;
      await ensureIndexes(rt.app.platform.db, rt.app.indexes);
      let { apiKey } = await seed(rt);

      // Koa answers every request itself (errors through ctx.onerror), so its promise is left unawaited
      // oxlint-disable-next-line typescript/no-misused-promises
      const sales = await listen(rt.app.http.sales.callback());
      // Koa answers every request itself (errors through ctx.onerror), so its promise is left unawaited
      // oxlint-disable-next-line typescript/no-misused-promises
      const hub = await listen(rt.app.http.hub.callback());
      servers.push(sales.server, hub.server);

      const requests: Record<string, () => Promise<Response>> = {
        'GET /api/sales': () =>
          fetch(`${sales.base}/api/sales`, { headers: { 'x-api-key': apiKey }, signal: AbortSignal.timeout(10_000) }),
        'POST /auth/login (sales)': () =>
          fetch(`${sales.base}/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: SALES_EMAIL, password: PASSWORD }),
            signal: AbortSignal.timeout(10_000),
          }),
        'POST /api/v1/auth/login': () =>
          fetch(`${hub.base}/api/v1/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: HUB_EMAIL, password: PASSWORD }),
            signal: AbortSignal.timeout(10_000),
          }),
        'GET /readyz': () => fetch(`${sales.base}/readyz`, { signal: AbortSignal.timeout(10_000) }),
      };
      const names = Object.keys(requests);
      const answers: Answer[] = [];
      const send = async (name: string): Promise<Answer> => {
        const sentAt = Date.now();
        let status = 0;
        try {
          const res = await (requests[name] as () => Promise<Response>)();
          await res.arrayBuffer();
          status = res.status;
        } catch {
          status = 0;
        }
        const answer = { name, sentAt, answeredAt: Date.now(), status };
        answers.push(answer);
        return answer;
      };

      // Every request answers 200 while the database is up.
      for (const name of names) expect((await send(name)).status, name).to.equal(200);

      let running = true;
      const workers = Array.from({ length: 16 }, async (_, worker) => {
        for (let i = worker; running; i += 1) {
          await send(names[i % names.length] as string);
        }
      });

      await sleep(700);
      process.kill(pid, 'SIGKILL');
      const killedAt = Date.now();
      await sleep(3_000);

      second = await jongodbStrategy(undefined, { port }).start('brokerhub');
      expect(Number(new URL(second.uri).port)).to.equal(port);
      const restartedAt = Date.now();
      await sleep(1_500);
      running = false;
      await Promise.all(workers);

      const unexpected = answers.filter((a) => !(a.status === 503 || (a.status >= 200 && a.status < 500)));
      expect(unexpected, 'answers other than 2xx, 4xx or 503').to.deep.equal([]);
      const duringOutage = answers.filter((a) => a.sentAt >= killedAt && a.answeredAt < restartedAt);
      expect(duringOutage.length, 'requests answered while the database was down').to.be.greaterThan(10);
      const outages = answers.filter((a) => a.status === 503 && a.answeredAt >= killedAt).map((a) => a.answeredAt);
      expect(outages.length, '503 answers after the kill').to.be.greaterThan(0);
      expect(Math.min(...outages) - killedAt, 'ms from the kill to the first 503').to.be.lessThan(2_000);
      // Every kind of request meets the outage as a 503 (reads, writes, logins, readiness).
      const outageNames = new Set(duringOutage.filter((a) => a.status === 503).map((a) => a.name));
      expect([...outageNames].sort()).to.deep.equal([...names].sort());
      // No request hangs on the dead server: one in flight at the kill is answered within 2 s of it,
      // one sent afterwards within 2 s of being sent.
      const inFlight = answers
        .filter((a) => a.sentAt < killedAt && a.answeredAt >= killedAt)
        .map((a) => a.answeredAt - killedAt);
      expect(Math.max(0, ...inFlight), 'ms from the kill to the last answer of a request in flight').to.be.lessThan(
        2_000,
      );
      const slowest = Math.max(...duringOutage.map((a) => a.answeredAt - a.sentAt));
      expect(slowest, 'slowest answer while the database was down (ms)').to.be.lessThan(2_000);

      // The same app, same MongoDB client: it reconnects by itself. The new server is empty, so the
      // credentials are created again (which itself needs the reconnected client).
      const deadline = Date.now() + 20_000;
      let ready = 0;
      while (Date.now() < deadline && ready !== 200) {
        ready = (await send('GET /readyz')).status;
        if (ready !== 200) await sleep(200);
      }
      expect(ready, 'readiness after the restart').to.equal(200);
      await ensureIndexes(rt.app.platform.db, rt.app.indexes);
      ({ apiKey } = await seed(rt));
      for (const name of names) expect((await send(name)).status, `${name} after recovery`).to.equal(200);
    },
  );
});
