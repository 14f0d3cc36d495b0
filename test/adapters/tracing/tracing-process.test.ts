import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import { withDatabase } from '../../../src/adapters/mongo/shared/embedded-mongo';
import { runCliCaptured, runCliProcess } from '../../support/cli';
import { sharedMongo } from '../../support/mongo';
import { startOtlpReceiver, type OtlpReceiver } from '../../support/otlp/otlp-receiver';
import { SPAN_KIND, STATUS_CODE, type ExportedSpan } from '../../support/otlp/otlp-types';
import { startTracedServe, type TracedServe } from '../../support/otlp/traced-serve';
import { TestReceiver } from '../../support/receiver';
import { manualSaleBody } from '../../support/sales-fixtures';
import { requireRedis } from '../../support/optional-tools';
import { testRedisUrl } from '../../support/redis';

/**
 * CONTRACT 13 over real processes: `serve` and the CLI with OTEL_* pointing at a real OTLP/HTTP
 * receiver on loopback (otlp-receiver.ts), a real sale-webhook receiver, the test MongoDB.
 */
describe('tracing (OpenTelemetry) of the services and the CLI', function () {
  this.timeout(180_000);
  const tid = () => randomBytes(16).toString('hex');
  const sid = () => randomBytes(8).toString('hex');
  const PASSWORD = `pw-${randomUUID()}`;
  const EMAIL = `tracing-${randomUUID().slice(0, 8)}@example.com`;
  let otlp: OtlpReceiver;
  let webhook: TestReceiver;
  let served: TracedServe;
  let env: Record<string, string>;
  let apiKey: string;

  before(async function () {
    requireRedis(this);
    otlp = await startOtlpReceiver();
    webhook = new TestReceiver();
    env = {
      MONGODB_URI: withDatabase(sharedMongo().uri, `tracing_${randomUUID().slice(0, 8)}`),
      SALES_WEBHOOK_URL: `${await webhook.start()}?token=hook-query-secret`,
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      OTEL_BSP_SCHEDULE_DELAY: '100',
      LOG_LEVEL: 'info',
      // The shared Redis: the sales rate limiter's counters (keys of this run's API key and IP).
      REDIS_URL: testRedisUrl(),
    };
    const user = await runCliCaptured(['create-user', '--email', EMAIL, '--password', PASSWORD, '--role', 'admin'], {
      MONGODB_URI: env.MONGODB_URI,
    });
    expect(user.code, user.err.join('\n')).to.equal(0);
    const key = await runCliCaptured(['--json', 'create-api-key', '--email', EMAIL], { MONGODB_URI: env.MONGODB_URI });
    apiKey = (JSON.parse(key.out[0] ?? '{}') as { key: string }).key;
    served = await startTracedServe({ ...process.env, ...env });
  });
  after(async () => {
    if (served === undefined) return;
    served.child.kill('SIGTERM');
    expect(await served.exited).to.equal(0);
    await webhook.stop();
    await otlp.close();
  });

  const inTrace = (traceId: string) => otlp.spans.filter((span) => span.traceId === traceId);
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  /** Creates a sale in a trace of the test's own; answers the trace id, the parent and the sale id. */
  async function tracedSale(): Promise<{ traceId: string; parent: string; saleId: string }> {
    const traceId = tid();
    const parent = sid();
    const created = await post(`${served.salesUrl}/api/sales/manual?cpf=52998224725`, manualSaleBody(), {
      'x-api-key': apiKey,
      traceparent: `00-${traceId}-${parent}-01`,
    });
    expect(created.status).to.equal(201);
    const saleId = ((await created.json()) as { venda: { id: string } }).venda.id;
    return { traceId, parent, saleId };
  }

  it(
    'continues an incoming traceparent: SERVER span `<METHOD> <route>`, its attributes, MongoDB child spans, log ' +
      'ids',
    async () => {
      const { traceId, parent } = await tracedSale();
      const server = await otlp.waitFor((s) => s.traceId === traceId && s.kind === SPAN_KIND.server, 'server span');
      expect(server.name).to.equal('POST /api/sales/manual');
      expect(server.parentSpanId).to.equal(parent);
      expect(server.attributes).to.include({
        'http.route': '/api/sales/manual',
        'http.response.status_code': 201,
        'http.request.method': 'POST',
        'brokerhub.service': 'sales',
      });
      expect(server.status.code).to.equal(STATUS_CODE.unset);
      expect(server.resource['service.name']).to.equal('brokerhub');

      const insert = await otlp.waitFor(
        (s) => s.traceId === traceId && s.attributes['db.system.name'] === 'mongodb' && s.name.startsWith('insert'),
        'MongoDB insert span',
      );
      expect(insert.kind).to.equal(SPAN_KIND.client);
      // The statement is the command and the collection, nothing of the document.
      expect(insert.attributes['db.query.text']).to.equal(`insert ${String(insert.attributes['db.collection.name'])}`);
      const redis = await otlp.waitFor(
        (s) => s.traceId === traceId && s.attributes['db.system.name'] === 'redis',
        'Redis span (rate limiter)',
      );
      expect(redis.kind).to.equal(SPAN_KIND.client);
      expect(redis.attributes['db.query.text']).to.equal(redis.name);
      // Every MongoDB span of the request descends from its server span.
      const byId = new Map(inTrace(traceId).map((s) => [s.spanId, s]));
      const rootOf = (span: ExportedSpan): ExportedSpan =>
        byId.has(span.parentSpanId) ? rootOf(byId.get(span.parentSpanId) as ExportedSpan) : span;
      for (const span of inTrace(traceId).filter((s) => s.attributes['db.system.name'] === 'mongodb'))
        expect(rootOf(span).spanId).to.equal(server.spanId);

      const requestLine = served.logs
        .map((line) => JSON.parse(line.startsWith('{') ? line : '{}') as Record<string, unknown>)
        .find((line) => line.msg === 'request' && line.trace_id === traceId);
      expect(requestLine, 'request log line with the trace id').not.to.equal(undefined);
      expect(requestLine?.span_id).to.equal(server.spanId);
    },
  );

  it(
    'a 4xx leaves the status unset, a hub request is named with /api/v1 and carries brokerhub.service ' + 'hub',
    async () => {
      const traceId = tid();
      const missing = await fetch(`${served.salesUrl}/api/sales/${randomUUID()}`, {
        headers: { 'x-api-key': apiKey, traceparent: `00-${traceId}-${sid()}-01` },
      });
      expect(missing.status).to.equal(404);
      const notFound = await otlp.waitFor((s) => s.traceId === traceId && s.kind === SPAN_KIND.server, '404 span');
      expect(notFound.name).to.equal('GET /api/sales/:id');
      expect(notFound.status.code).to.equal(STATUS_CODE.unset);

      const hubTrace = tid();
      await fetch(`${served.hubUrl}/readyz`, { headers: { traceparent: `00-${hubTrace}-${sid()}-01` } });
      const hub = await otlp.waitFor((s) => s.traceId === hubTrace && s.kind === SPAN_KIND.server, 'hub span');
      expect(hub.name).to.equal('GET /api/v1/readyz');
      expect(hub.attributes).to.include({ 'brokerhub.service': 'hub', 'http.route': '/api/v1/readyz' });
    },
  );

  it(
    'sends traceparent with the sale webhook: its CLIENT span is a child of the request, without the query ' + 'string',
    async () => {
      const { saleId } = await tracedSale();
      const traceId = tid();
      const trigger = await post(`${served.salesUrl}/api/sales/${saleId}/trigger-webhook`, undefined, {
        'x-api-key': apiKey,
        traceparent: `00-${traceId}-${sid()}-01`,
      });
      expect(trigger.status).to.be.below(300);
      const delivered = webhook.received.find((r) => String(r.headers.traceparent ?? '').includes(traceId));
      expect(delivered, 'webhook with the request trace id').not.to.equal(undefined);
      const client = await otlp.waitFor(
        (s) => s.traceId === traceId && s.kind === SPAN_KIND.client && s.attributes['http.request.method'] === 'POST',
        'webhook client span',
      );
      expect(String(delivered?.headers.traceparent)).to.contain(client.spanId);
      expect(client.attributes['url.full']).to.equal(webhook.url('/hook'));
    },
  );

  it(
    'a CLI dispatch is one trace (http/json): root span `dispatch`, service brokerhub-cli, its webhook carries ' + 'it',
    async () => {
      await tracedSale();
      const before = webhook.received.length;
      const run = await runCliProcess(['dispatch'], { ...env, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' });
      expect(run.code, run.stderr).to.equal(0);
      const root = await otlp.waitFor((s) => s.name === 'dispatch' && s.parentSpanId === '', 'dispatch root span');
      expect(root.resource['service.name']).to.equal('brokerhub-cli');
      expect(otlp.contentTypes).to.include('application/json');
      expect(otlp.contentTypes.some((type) => type.startsWith('application/x-protobuf'))).to.equal(true);
      expect(inTrace(root.traceId).some((s) => s.attributes['db.system.name'] === 'mongodb')).to.equal(true);
      const sent = webhook.received.slice(before);
      expect(sent.length).to.be.greaterThan(0);
      for (const request of sent) expect(String(request.headers.traceparent)).to.contain(root.traceId);
    },
  );

  it(
    'no personal value and no secret in any exported span (names, attributes, events, status, links, ' + 'resource)',
    async () => {
      const traceId = tid();
      await post(
        `${served.salesUrl}/auth/login?email=${EMAIL}`,
        { email: EMAIL, password: PASSWORD },
        {
          traceparent: `00-${traceId}-${sid()}-01`,
        },
      );
      await post(`${served.salesUrl}/auth/login`, { email: EMAIL, password: 'wrong' });
      await otlp.waitFor((s) => s.traceId === traceId && s.kind === SPAN_KIND.server, 'login span');
      const exported = JSON.stringify(otlp.spans);
      const body = manualSaleBody();
      for (const value of [
        '52998224725',
        body.pessoa.cpf,
        body.pessoa.fullName,
        body.pessoa.personalEmail,
        body.pessoa.mobile,
        '98765-4321',
        EMAIL,
        PASSWORD,
        apiKey,
        'hook-query-secret',
        `127.0.0.1:${new URL(served.salesUrl).port}/auth/login?`,
      ])
        expect(exported, `exported spans carry ${value}`).not.to.contain(value);
      for (const span of otlp.spans) {
        expect(Object.keys(span.attributes)).not.to.include.members(['client.address', 'url.query', 'url.path']);
        expect(Object.keys(span.attributes).filter((key) => key.startsWith('http.request.header'))).to.deep.equal([]);
      }
    },
  );
});
