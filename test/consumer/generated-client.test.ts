import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { HUB_PREFIX } from '../../src/adapters/http/hub/hub-prefix';
import type { MongoConnection } from '../../src/adapters/mongo/shared/mongo-connection';
import { hubHarness, type HubHarness } from '../support/hub';
import { connectTestDatabase } from '../support/mongo';
import { openSalesRuntime, type SalesRuntime } from '../support/sales-runtime';
import type { Step } from './client/check';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '../..');
const CLIENT = join(__dirname, 'client');

/**
 * Loads a flow of the client (tsx strips its types). Not a static import: the client's types exist only
 * in the generated documents, so the project's own typecheck leaves the client out (tsconfig `exclude`).
 */
async function flow(file: string, name: string): Promise<unknown> {
  const module = (await import(pathToFileURL(join(CLIENT, file)).href)) as Record<string, unknown>;
  return module[name];
}
type SalesFlow = (input: { baseUrl: string; email: string; password: string }) => Promise<Step[]>;
type HubFlow = (input: { baseUrl: string; email: string; password: string; orgId: string }) => Promise<Step[]>;

/** Serves an app on a loopback port, as a consumer reaches it: real HTTP, no test agent in between. */
async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => void handler(req, res)).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * The client's own project: strict, the generated documents behind `consumer-documents/*`, the client's
 * files from the repository (so they resolve `openapi-fetch` from its node_modules). Library types are
 * checked too: the generated `.d.ts` files are the point.
 */
const clientProject = (directory: string) => ({
  compilerOptions: {
    target: 'es2023',
    lib: ['es2023'],
    module: 'node20',
    moduleResolution: 'node16',
    types: ['node'],
    typeRoots: [join(ROOT, 'node_modules/@types')],
    strict: true,
    noEmit: true,
    paths: { 'consumer-documents/*': [join(directory, '*')] },
  },
  files: [join(CLIENT, 'sales-flow.ts'), join(CLIENT, 'hub-flow.ts')],
});

/**
 * A consumer's view of both services (CONTRACT 11.4): types generated with openapi-typescript from the
 * documents the running apps serve, a committed openapi-fetch client compiled against them under
 * `--strict`, then run against the same apps. A document change that breaks the client fails the
 * compile step; a server that answers other than its document fails the flows.
 */
describe('a client generated from the served documents (CONTRACT 11.4)', function () {
  this.timeout(120_000);
  let sales: SalesRuntime;
  let mongo: MongoConnection;
  let hub: HubHarness;
  const servers: Server[] = [];
  let salesOrigin: string;
  let hubOrigin: string;
  let directory: string;

  before(async () => {
    directory = await mkdtemp(join(tmpdir(), 'consumer-client-'));
    sales = await openSalesRuntime();
    mongo = await connectTestDatabase();
    hub = await hubHarness(mongo);
    const salesServer = await listen(sales.callback);
    const hubServer = await listen(hub.app.callback());
    servers.push(salesServer.server, hubServer.server);
    salesOrigin = salesServer.origin;
    hubOrigin = `${hubServer.origin}${HUB_PREFIX}`;
    for (const [name, url] of [
      ['sales', `${salesOrigin}/openapi.json`],
      ['hub', `${hubOrigin}/openapi.json`],
    ] as const) {
      const answer = await fetch(url);
      expect(answer.status, url).to.equal(200);
      await writeFile(join(directory, `${name}.json`), await answer.text());
    }
    await run(process.execPath, [
      join(__dirname, 'generate-types.mjs'),
      directory,
      join(directory, 'sales.json'),
      join(directory, 'hub.json'),
    ]);
  });
  after(async () => {
    for (const server of servers) server.close();
    await sales?.close();
    await mongo?.close();
    if (directory !== undefined) await rm(directory, { recursive: true, force: true });
  });

  it('compiles the committed client against the generated types under tsc --strict', async () => {
    await writeFile(join(directory, 'tsconfig.json'), JSON.stringify(clientProject(directory), null, 2));
    const compiled = await run(join(ROOT, 'node_modules/.bin/tsc'), ['-p', join(directory, 'tsconfig.json')]).then(
      () => '',
      (error: unknown) => {
        const failure = error as { stdout?: string; message?: string };
        return failure.stdout || failure.message || 'tsc failed';
      },
    );
    expect(compiled, 'the client no longer compiles against the served documents').to.equal('');
  });

  it('sales: login, API key, vendor, manual sale of it, SDR create and status, policy, saved filter', async () => {
    const admin = await sales.createUser({ role: 'admin' });
    const runSalesFlow = (await flow('sales-flow.ts', 'runSalesFlow')) as SalesFlow;
    const steps = await runSalesFlow({ baseUrl: salesOrigin, email: admin.email, password: admin.password });
    expect(steps).to.deep.equal([
      { call: 'POST /auth/login', status: 200 },
      { call: 'POST /api-keys', status: 201 },
      { call: 'POST /vendors', status: 201 },
      { call: 'POST /api/sales/manual', status: 201 },
      { call: 'POST /sdr/interactions', status: 201 },
      { call: 'PATCH /sdr/interactions/status', status: 200 },
      { call: 'POST /api/policies', status: 201 },
      { call: 'GET /api/policies/{id}', status: 200 },
      { call: 'POST /user/saved-filters', status: 201 },
      { call: 'GET /user/saved-filters', status: 200 },
    ]);
  });

  it('hub: login, leads of the organization', async () => {
    const orgId = await hub.createOrg('Consumer Org');
    const email = 'owner@consumer.example';
    const password = 'correct horse battery';
    await hub.createUser({ email, password, orgId, role: 'OWNER' });
    const runHubFlow = (await flow('hub-flow.ts', 'runHubFlow')) as HubFlow;
    const steps = await runHubFlow({ baseUrl: hubOrigin, email, password, orgId });
    expect(steps).to.deep.equal([
      { call: 'POST /auth/login', status: 200 },
      { call: 'GET /orgs/{orgId}/leads', status: 200 },
    ]);
  });
});
