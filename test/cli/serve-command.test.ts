import { expect } from 'chai';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { withDatabase } from '../../src/adapters/mongo/shared/embedded-mongo';
import { connectMongo } from '../../src/adapters/mongo/shared/mongo-connection';
import { sharedMongo } from '../support/mongo';
import { waitUntil } from '../support/processes';
import { TestReceiver } from '../support/receiver';
import { seedSales } from '../support/sales-fixtures';
import { runCliCaptured } from '../support/cli';

function stopSwitch(): { wait: () => Promise<string>; stop: () => void } {
  let stop: () => void = () => undefined;
  const stopped = new Promise<string>((resolve) => {
    stop = () => resolve('TEST');
  });
  return { wait: () => stopped, stop };
}

const ENV = () => ({
  LOG_LEVEL: 'silent',
  HOST: '127.0.0.1',
  SALES_PORT: '0',
  HUB_PORT: '0',
  MONGODB_URI: sharedMongo().uri,
});

describe('serve command (in-process)', () => {
  it('serves both services, prints their base URLs and MongoDB, and stops cleanly', async () => {
    const control = stopSwitch();
    const urls: string[] = [];
    const run = runCliCaptured(['serve'], ENV(), {
      waitForStop: control.wait,
      onOut: (line) => {
        if (line.startsWith('MongoDB:')) void probe();
        else urls.push(line);
      },
    });
    let probed: Record<string, number> = {};
    const probe = async () => {
      const sales = (urls.find((u) => u.startsWith('Sales service: ')) ?? '').slice('Sales service: '.length);
      const hub = (urls.find((u) => u.startsWith('Hub service: ')) ?? '').slice('Hub service: '.length);
      probed = {
        salesHealth: (await fetch(`${sales}/healthz`)).status,
        salesReady: (await fetch(`${sales}/readyz`)).status,
        hubHealth: (await fetch(`${hub}/healthz`)).status,
        hubReady: (await fetch(`${hub}/readyz`)).status,
      };
      control.stop();
    };
    const result = await run;
    expect(result.code).to.equal(0);
    expect(result.out[0]).to.match(/^Sales service: http:\/\/127\.0\.0\.1:\d+$/);
    expect(result.out[1]).to.match(/^Hub service: http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect(result.out[2]).to.match(/^MongoDB: external mongodb:\/\//);
    // With MONGODB_URI nothing is published: the first steps say to keep the variable.
    expect(result.out.slice(3, 7)).to.deep.equal([
      'First steps (in another terminal, with the same MONGODB_URI):',
      '  npm run cli -- create-user --email admin@example.com --password change-me-now --role admin',
      '  npm run cli -- create-api-key --email admin@example.com',
      '  npm run cli -- seed-demo --contacts 200',
    ]);
    expect(probed).to.deep.equal({ salesHealth: 200, salesReady: 200, hubHealth: 200, hubReady: 200 });
  });

  it('--only hub starts the hub service alone', async () => {
    const control = stopSwitch();
    const result = await runCliCaptured(['serve', '--only', 'hub'], ENV(), {
      waitForStop: control.wait,
      onOut: (line) => {
        if (line.startsWith('MongoDB:')) control.stop();
      },
    });
    expect(result.code).to.equal(0);
    expect(result.out.filter((line) => line.includes('service:'))).to.have.length(1);
    expect(result.out[0]).to.match(/^Hub service: /);
  });

  it('exits 1 with a clear message when a port is taken', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()));
    const { port } = blocker.address() as AddressInfo;
    try {
      const control = stopSwitch();
      const result = await runCliCaptured(
        ['serve'],
        { ...ENV(), SALES_PORT: String(port) },
        { waitForStop: control.wait },
      );
      expect(result.code).to.equal(1);
      expect(result.err[0]).to.equal(`Cannot listen on 127.0.0.1:${port} for the sales service: EADDRINUSE`);
    } finally {
      blocker.close();
    }
  });
});

describe('serve with DISPATCH_INTERVAL_SECONDS', () => {
  it('runs dispatch passes on the interval and stops them at shutdown', async () => {
    const uri = withDatabase(sharedMongo().uri, `serve_dispatch_${Date.now()}`);
    const mongo = await connectMongo(uri);
    const receiver = new TestReceiver();
    const url = await receiver.start();
    try {
      const ids = await seedSales(mongo.db, 2);
      const control = stopSwitch();
      const run = runCliCaptured(
        ['serve', '--only', 'sales'],
        { ...ENV(), MONGODB_URI: uri, SALES_WEBHOOK_URL: url, DISPATCH_INTERVAL_SECONDS: '1' },
        {
          waitForStop: control.wait,
        },
      );
      expect(await waitUntil(() => receiver.saleIdsReceived().length === 2, 10_000)).to.equal(true);
      control.stop();
      const result = await run;
      expect(result.code).to.equal(0);
      expect(result.out).to.include('Dispatch: every 1 s');
      expect(receiver.saleIdsReceived()).to.have.members(ids);
    } finally {
      await receiver.stop();
      await mongo.close();
    }
  });
});

describe('serve on a server without a TTL monitor (CONTRACT 9.4 retention)', () => {
  it('deletes the event-log entries past the retention period itself, and keeps the others', async function () {
    // A mongod removes them itself (its TTL monitor, within about a minute): nothing of ours to see there.
    if (sharedMongo().kind !== 'jongodb') this.skip();
    const uri = withDatabase(sharedMongo().uri, `serve_retention_${Date.now()}`);
    const mongo = await connectMongo(uri, { serverMonitoringMode: 'poll' });
    try {
      const day = 86_400_000;
      const entry = (id: string, daysAgo: number) => ({
        _id: id,
        at: new Date(Date.now() - daysAgo * day),
        method: 'GET',
        path: '/sales',
        status: 200,
      });
      const log = mongo.db.collection<{ _id: string }>('api_event_logs');
      await log.insertMany([entry('past-1', 31), entry('past-2', 400), entry('kept', 29)]);
      const control = stopSwitch();
      const run = runCliCaptured(
        ['serve', '--only', 'sales'],
        { ...ENV(), MONGODB_URI: uri, EVENT_LOG_RETENTION_DAYS: '30' },
        { waitForStop: control.wait },
      );
      const remaining = async () => (await log.find({}).toArray()).map((d) => d._id).sort();
      let left: string[] = [];
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        left = await remaining();
        if (!left.includes('past-1') && !left.includes('past-2')) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      control.stop();
      expect((await run).code).to.equal(0);
      expect(left).to.deep.equal(['kept']);
    } finally {
      await mongo.close();
    }
  });
});
