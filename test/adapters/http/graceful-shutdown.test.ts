import { expect } from 'chai';
import Router from '@koa/router';
import type { AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import { buildSalesApp } from '../../../src/adapters/http/sales/sales-app';
import { closeGracefully, listen } from '../../../src/adapters/http/shared/listen';
import { SystemClock } from '../../../src/adapters/system/system-clock';
import { memoryLogger } from '../../support/logs';

/** A route that answers only when the test releases it: an in-flight request under our control. */
function slowApp() {
  let release: () => void = () => undefined;
  let signalEntered: () => void = () => undefined;
  const entered = new Promise<void>((resolve) => {
    signalEntered = resolve;
  });
  const router = new Router();
  router.get('/slow', async (ctx) => {
    signalEntered();
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    ctx.body = { done: true };
  });
  const app = buildSalesApp({
    logger: memoryLogger().logger,
    clock: new SystemClock(),
    isProduction: false,
    readinessChecks: [],
    routers: [router],
  });
  return { app, entered, release: () => release() };
}

function get(port: number, path: string, agent = false): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent: agent ? undefined : false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('closeGracefully', () => {
  it('lets an in-flight request finish, refuses new connections, then resolves', async () => {
    const { app, entered, release } = slowApp();
    const server = await listen(app, '127.0.0.1', 0);
    const { port } = server.address() as AddressInfo;
    const inFlight = get(port, '/slow');
    await entered;

    let closed = false;
    const closing = closeGracefully(server, 10_000).then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).to.equal(false);
    let refused: unknown;
    await get(port, '/healthz').catch((error: unknown) => (refused = error));
    expect((refused as NodeJS.ErrnoException | undefined)?.code).to.equal('ECONNREFUSED');

    release();
    expect(await inFlight).to.deep.equal({ status: 200, body: '{"done":true}' });
    await closing;
    expect(closed).to.equal(true);
  });

  it('cuts a request that outlives the grace period', async () => {
    const { app, entered } = slowApp();
    const server = await listen(app, '127.0.0.1', 0);
    const { port } = server.address() as AddressInfo;
    const inFlight = get(port, '/slow').then(
      () => 'answered',
      (error: unknown) => (error as NodeJS.ErrnoException).code,
    );
    await entered;
    const started = Date.now();
    await closeGracefully(server, 200);
    expect(Date.now() - started).to.be.lessThan(5_000);
    expect(await inFlight).to.equal('ECONNRESET');
  });
});
