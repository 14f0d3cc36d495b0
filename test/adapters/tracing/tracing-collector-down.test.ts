import { expect } from 'chai';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { withDatabase } from '../../../src/adapters/mongo/shared/embedded-mongo';
import { sharedMongo } from '../../support/mongo';
import { startTracedServe } from '../../support/otlp/traced-serve';

/** A loopback port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const droppedOf = (metrics: string): number =>
  Number(/^brokerhub_trace_spans_dropped_total (\d+)/m.exec(metrics)?.[1] ?? 'NaN');

describe('tracing with the collector down (CONTRACT 13, 9.5)', function () {
  this.timeout(180_000);

  it('requests are answered as usual, the lost spans are counted in the metric, and serve still exits 0', async () => {
    const served = await startTracedServe({
      ...process.env,
      MONGODB_URI: withDatabase(sharedMongo().uri, `tracing_down_${randomUUID().slice(0, 8)}`),
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${await closedPort()}`,
      // A queue of two spans: with the export failing, the rest of the load overflows it.
      OTEL_BSP_MAX_QUEUE_SIZE: '2',
      OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '1',
      OTEL_BSP_SCHEDULE_DELAY: '50',
      LOG_LEVEL: 'warn',
    });
    try {
      const statuses = await Promise.all(
        Array.from({ length: 30 }, () => fetch(`${served.salesUrl}/healthz`).then((r) => r.status)),
      );
      expect(statuses).to.deep.equal(Array.from({ length: 30 }, () => 200));
      for (let i = 0; i < 10; i += 1) expect((await fetch(`${served.hubUrl}/healthz`)).status).to.equal(200);
      const metrics = await (await fetch(`${served.salesUrl}/metrics`)).text();
      expect(metrics).to.contain('# TYPE brokerhub_trace_spans_dropped_total counter');
      expect(droppedOf(metrics)).to.be.greaterThan(0);
    } finally {
      served.child.kill('SIGTERM');
    }
    expect(await served.exited).to.equal(0);
  });

  it('with tracing off the metric is there and stays 0', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      MONGODB_URI: withDatabase(sharedMongo().uri, `tracing_off_${randomUUID().slice(0, 8)}`),
      LOG_LEVEL: 'warn',
    };
    delete env.OTEL_EXPORTER_OTLP_ENDPOINT;
    delete env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
    const served = await startTracedServe(env);
    try {
      expect((await fetch(`${served.salesUrl}/healthz`)).status).to.equal(200);
      const metrics = await (await fetch(`${served.salesUrl}/metrics`)).text();
      expect(droppedOf(metrics)).to.equal(0);
      // No trace ids in the logs of an untraced process.
      expect(served.logs.some((line) => line.includes('trace_id'))).to.equal(false);
    } finally {
      served.child.kill('SIGTERM');
    }
    expect(await served.exited).to.equal(0);
  });
});
