import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import * as E from 'fp-ts/Either';
import request from 'supertest';
import { sampleValue } from '../../../support/metrics';
import { TestReceiver } from '../../../support/receiver';
import { openSalesRuntime, type SalesRuntime } from '../../../support/sales-runtime';

const DURATION_COUNT = 'brokerhub_http_request_duration_seconds_count';

const manualSale = () => ({
  venda: { sellerId: 'S-1', sellerName: 'Carla', financingApprovalDate: new Date().toISOString() },
  pessoa: {
    fullName: 'Ana Souza',
    cpf: '529.982.247-25',
    birthDate: '1990-02-03',
    mobile: '(11) 98765-4321',
    personalEmail: 'ana@example.com',
  },
  endereco: {
    street: 'Rua B',
    number: '20',
    city: 'Campinas',
    state: 'SP',
    neighborhood: 'Cambuí',
    complement: '',
    zipCode: '13025000',
  },
  veiculo: {
    manufacturer: 'VW',
    brand: 'VW',
    model: 'Polo',
    color: 'Branco',
    manufactureYear: 2024,
    modelYear: 2024,
    fipeCode: '005',
    renavan: '9',
    chassi: 'X',
    fuelType: 'flex',
  },
});

describe('sales GET /metrics (CONTRACT 9.2)', () => {
  const scrape = async (rt: SalesRuntime): Promise<string> => {
    const res = await request(rt.callback).get('/metrics').expect(200);
    expect(res.headers['content-type']).to.equal('text/plain; version=0.0.4; charset=utf-8');
    return res.text;
  };

  describe('requests and process metrics', () => {
    let rt: SalesRuntime;
    let key: string;
    before(async () => {
      rt = await openSalesRuntime();
      key = (await rt.createApiKey((await rt.createUser({})).email)).key;
    });
    after(async () => {
      await rt.close();
    });

    it('shows the request a test just made under its route pattern, never the raw path', async () => {
      const id = randomUUID();
      await request(rt.callback).get(`/api/sales/${id}`).set('x-api-key', key).expect(404);
      const stray = `/no-such-route-${randomUUID()}`;
      await request(rt.callback).get(stray).expect(404);
      const text = await scrape(rt);
      expect(sampleValue(text, DURATION_COUNT, { method: 'GET', route: '/api/sales/:id', status: '404' })).to.equal(1);
      expect(
        sampleValue(text, 'brokerhub_http_request_duration_seconds_bucket', {
          method: 'GET',
          route: '/api/sales/:id',
          status: '404',
          le: '+Inf',
        }),
      ).to.equal(1);
      expect(sampleValue(text, DURATION_COUNT, { method: 'GET', route: 'unmatched', status: '404' })).to.equal(1);
      expect(text).not.to.contain(id);
      expect(text).not.to.contain(stray);
      // The scrape itself is counted by the next one.
      expect(
        sampleValue(await scrape(rt), DURATION_COUNT, { method: 'GET', route: '/metrics', status: '200' }),
      ).to.be.at.least(1);
    });

    it('labels a request answered before the router (a CSRF 403) with the route it was for', async () => {
      await request(rt.callback)
        .post('/api/sales/manual')
        .set('Cookie', 'access_token=x')
        .set('Origin', 'https://evil.example')
        .send({})
        .expect(403);
      expect(
        sampleValue(await scrape(rt), DURATION_COUNT, { method: 'POST', route: '/api/sales/manual', status: '403' }),
      ).to.equal(1);
    });

    it('serves the process metrics', async () => {
      const text = await scrape(rt);
      for (const name of [
        'process_cpu_user_seconds_total',
        'process_resident_memory_bytes',
        'nodejs_eventloop_lag_seconds',
        'nodejs_heap_size_used_bytes',
      ]) {
        expect(sampleValue(text, name), name).to.be.a('number');
      }
    });

    it(
      'keeps one registry per composed runtime: another runtime in this process counts only its own ' + 'requests',
      async () => {
        const other = await openSalesRuntime();
        try {
          await request(rt.callback).get('/healthz').expect(200);
          const before = sampleValue(await scrape(other), DURATION_COUNT, {
            method: 'GET',
            route: '/healthz',
            status: '200',
          });
          expect(before).to.equal(undefined);
          await request(other.callback).get('/healthz').expect(200);
          expect(
            sampleValue(await scrape(other), DURATION_COUNT, { method: 'GET', route: '/healthz', status: '200' }),
          ).to.equal(1);
        } finally {
          await other.close();
        }
      },
    );
  });

  it("counts the rate limiter's 429s, under the route they were for", async () => {
    const rt = await openSalesRuntime({ overrides: { salesRateLimit: { limit: 1, windowMs: 60_000 } } });
    try {
      const rejected = async () =>
        sampleValue(await scrape(rt), 'brokerhub_rate_limit_rejections_total', { limiter: 'sales_ip_route' });
      expect(await rejected()).to.equal(0);
      await request(rt.callback).get('/api-keys').expect(401);
      await request(rt.callback).get('/api-keys').expect(429);
      expect(await rejected()).to.equal(1);
      expect(
        sampleValue(await scrape(rt), DURATION_COUNT, { method: 'GET', route: '/api-keys', status: '429' }),
      ).to.equal(1);
    } finally {
      await rt.close();
    }
  });

  it('counts outbound deliveries by trigger and outcome: a manual resend and a dispatch pass', async () => {
    const receiver = new TestReceiver();
    const rt = await openSalesRuntime({
      env: { SALES_WEBHOOK_URL: await receiver.start() },
      overrides: { webhookTimeoutMs: 1_000 },
    });
    try {
      const key = (await rt.createApiKey((await rt.createUser({})).email)).key;
      const deliveries = async (trigger: string, outcome: string) =>
        sampleValue(await scrape(rt), 'brokerhub_sale_webhook_deliveries_total', { trigger, outcome });
      expect(await deliveries('manual', 'delivered')).to.equal(0);
      const sale = await request(rt.callback)
        .post('/api/sales/manual')
        .set('x-api-key', key)
        .send(manualSale())
        .expect(201);
      const id = (sale.body as { venda: { id: string } }).venda.id;

      await request(rt.callback)
        .post(`/api/sales/${id}/trigger-webhook`)
        .set('x-api-key', key)
        .expect(200, { success: true, saleId: id, destinationStatus: 200 });
      expect(await deliveries('manual', 'delivered')).to.equal(1);
      receiver.behaviour = { status: 503 };
      await request(rt.callback).post(`/api/sales/${id}/trigger-webhook`).set('x-api-key', key).expect(200);
      expect(await deliveries('manual', 'http_5xx')).to.equal(1);

      // The failed resend left the sale pending: the next dispatch pass sends it.
      receiver.behaviour = { status: 200 };
      const report = await rt.runtime.app.sales.useCases.dispatchPendingSales.execute();
      if (E.isLeft(report)) throw new Error(report.left._tag);
      expect(await deliveries('dispatch', 'delivered')).to.equal(1);
      expect(await deliveries('manual', 'delivered')).to.equal(1);
    } finally {
      await rt.close();
      await receiver.stop();
    }
  });

  it(
    "shows the API event log's two buffers (depth, drops) and the counts of refused requests apart (CONTRACT " + '9.5)',
    async () => {
      const rt = await openSalesRuntime({
        env: { EVENT_LOG_BUFFER_SIZE: '2' },
        overrides: { apiEventFlushIntervalMs: 3_600_000 },
      });
      try {
        const key = (await rt.createApiKey((await rt.createUser({ role: 'admin' })).email)).key;
        const text0 = await scrape(rt);
        for (const buffer of ['authenticated', 'anonymous']) {
          expect(sampleValue(text0, 'brokerhub_api_event_log_queue_depth', { buffer })).to.equal(0);
          expect(sampleValue(text0, 'brokerhub_api_event_log_dropped_total', { buffer })).to.equal(0);
        }
        expect(sampleValue(text0, 'brokerhub_api_event_log_refused_open_counts')).to.equal(0);
        expect(sampleValue(text0, 'brokerhub_api_event_log_refused_requests_total')).to.equal(0);
        expect(sampleValue(text0, 'brokerhub_api_event_log_refused_overflow_total')).to.equal(0);
        // Refused (401): counted under one open key, no entry in either buffer.
        for (let i = 0; i < 5; i += 1) await request(rt.callback).get('/api-keys').expect(401);
        // Served without a credential (404): the anonymous buffer holds two, drops three.
        for (let i = 0; i < 5; i += 1) await request(rt.callback).get('/nowhere').expect(404);
        // Authenticated: their own buffer, untouched by the full anonymous one.
        for (let i = 0; i < 2; i += 1) await request(rt.callback).get('/audit-logs').set('x-api-key', key).expect(200);
        const text = await scrape(rt);
        expect(sampleValue(text, 'brokerhub_api_event_log_queue_depth', { buffer: 'authenticated' })).to.equal(2);
        expect(sampleValue(text, 'brokerhub_api_event_log_dropped_total', { buffer: 'authenticated' })).to.equal(0);
        expect(sampleValue(text, 'brokerhub_api_event_log_queue_depth', { buffer: 'anonymous' })).to.equal(2);
        expect(sampleValue(text, 'brokerhub_api_event_log_dropped_total', { buffer: 'anonymous' })).to.equal(3);
        // One key (two should the five requests straddle a minute's end).
        expect(sampleValue(text, 'brokerhub_api_event_log_refused_open_counts')).to.be.within(1, 2);
        expect(sampleValue(text, 'brokerhub_api_event_log_refused_requests_total')).to.equal(5);
        await rt.runtime.app.salesIdentity.eventRecorder.flush();
        const after = await scrape(rt);
        expect(sampleValue(after, 'brokerhub_api_event_log_queue_depth', { buffer: 'authenticated' })).to.equal(0);
        expect(sampleValue(after, 'brokerhub_api_event_log_queue_depth', { buffer: 'anonymous' })).to.equal(0);
        expect(sampleValue(after, 'brokerhub_api_event_log_dropped_total', { buffer: 'anonymous' })).to.equal(3);
        expect(sampleValue(after, 'brokerhub_api_event_log_refused_requests_total')).to.equal(5);
      } finally {
        await rt.close();
      }
    },
  );
});
