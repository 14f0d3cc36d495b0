import { expect } from 'chai';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { Agent, request as send } from 'undici';
import { closeGracefully, listen } from '../../../../src/adapters/http/shared/listen';
import { openSalesRuntime, type SalesRuntime } from '../../../support/sales-runtime';

interface AuditEntry {
  readonly requestId: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly ip: string;
  readonly userId?: string;
  readonly at: string;
  readonly lastAt?: string;
  readonly count?: number;
  readonly errorMessages?: readonly string[];
}

/**
 * CONTRACT 9.5, "the trail survives a flood": the real sales app on loopback with the spec's rate
 * limit (20 a minute per IP and route), TRUST_PROXY=1 and an event-log buffer far smaller than the
 * flood, flushed only when a batch fills (the timer is an hour): before the change a flood of cheap
 * 401/429 answers filled that one buffer and the writes of an admin made meanwhile were dropped.
 */
describe('sales API event log under a flood from one address (CONTRACT 9.5)', function () {
  this.timeout(120_000);
  const BUFFER = 100;
  const FLOOD_REQUESTS = 1_500;
  const FLOOD_CONNECTIONS = 24;
  let sales: SalesRuntime;
  let server: Server;
  let base: string;
  let agent: Agent;
  let adminKey: string;

  before(async () => {
    sales = await openSalesRuntime({
      env: { TRUST_PROXY: '1', EVENT_LOG_BUFFER_SIZE: String(BUFFER) },
      overrides: { salesRateLimit: { limit: 20, windowMs: 60_000 }, apiEventFlushIntervalMs: 3_600_000 },
    });
    adminKey = (await sales.createApiKey((await sales.createUser({ role: 'admin' })).email)).key;
    server = await listen(sales.app, '127.0.0.1', 0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    agent = new Agent({ connections: FLOOD_CONNECTIONS + 4 });
  });
  after(async () => {
    await agent.close();
    await closeGracefully(server, 1_000);
    await sales.close();
  });

  /** `total` requests over `connections` concurrent keep-alive connections; the statuses answered, counted. */
  async function flood(
    total: number,
    connections: number,
    send: (n: number) => Promise<number>,
  ): Promise<Map<number, number>> {
    const statuses = new Map<number, number>();
    let next = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next < total) {
          const status = await send(next++);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
    return statuses;
  }

  const get = async (path: string, headers: Record<string, string>): Promise<number> => {
    const response = await send(`${base}${path}`, { headers, dispatcher: agent });
    await response.body.dump();
    return response.statusCode;
  };

  // Each read from an address of its own, so the reads stay under the spec's limit.
  let reader = 0;
  const audit = async (query: string): Promise<{ data: AuditEntry[]; total: number }> =>
    (
      await request(sales.callback)
        .get(`/audit-logs${query}`)
        .set('x-api-key', adminKey)
        .set('x-forwarded-for', `198.18.${(reader >> 8) & 255}.${reader++ & 255}`)
        .expect(200)
    ).body;

  /** Every entry matching `query`, all pages. */
  async function allEntries(query: string): Promise<AuditEntry[]> {
    const entries: AuditEntry[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await audit(`${query}&limit=100&page=${page}`);
      entries.push(...answer.data);
      if (entries.length >= answer.total) return entries;
    }
  }

  it('keeps every authenticated write made during the flood, and keeps the flood as counts', async () => {
    const flooder = '203.0.113.66';
    const writes: { requestId: string; status: number }[] = [];
    const writing = (async () => {
      for (let i = 0; i < 20; i += 1) {
        const requestId = `flood-write-${i}-${Date.now()}`;
        const response = await send(`${base}/vendors`, {
          method: 'POST',
          dispatcher: agent,
          headers: {
            'content-type': 'application/json',
            'x-api-key': adminKey,
            'x-request-id': requestId,
            'x-forwarded-for': '192.0.2.10',
          },
          body: JSON.stringify({
            vendorId: `FLOOD-${requestId}`,
            name: 'Loja',
            store: 'Centro',
            phone: '1133334444',
            isActive: true,
            webhookEnabled: true,
          }),
        });
        await response.body.dump();
        writes.push({ requestId, status: response.statusCode });
      }
    })();
    const statuses = await flood(FLOOD_REQUESTS, FLOOD_CONNECTIONS, () =>
      get('/api/sales?limit=1', { 'x-forwarded-for': flooder }),
    );
    await writing;
    // The spec's limit: 20 answers of the guard (401), the rest throttled (429).
    expect(statuses.get(401)).to.equal(20);
    expect(statuses.get(429)).to.equal(FLOOD_REQUESTS - 20);
    expect(writes.map((w) => w.status)).to.deep.equal(Array(20).fill(201));

    await sales.flushEvents();
    for (const { requestId } of writes) {
      const found = await audit(`?requestId=${requestId}`);
      expect(found.total, `no entry for ${requestId}`).to.equal(1);
      expect(found.data[0]).to.include({ method: 'POST', path: '/vendors', status: 201, ip: '192.0.2.10' });
      expect(found.data[0]?.userId).to.be.a('string');
      expect(found.data[0]).not.to.have.property('count');
    }

    // The flood: counted entries, at most one per (IP, path, status, minute); a run crossing a minute boundary has two.
    for (const [status, answered] of [
      [401, 20],
      [429, FLOOD_REQUESTS - 20],
    ] as const) {
      const entries = await allEntries(`?path=/api/sales&status=${status}`);
      expect(entries.length).to.be.within(1, 2);
      const minutes = new Set(entries.map((e) => e.at.slice(0, 16)));
      expect(minutes.size).to.equal(entries.length);
      for (const entry of entries) {
        expect(entry).to.include({ ip: flooder, method: 'GET', path: '/api/sales', status });
        expect(entry.count).to.be.a('number').and.be.greaterThan(0);
        expect(Date.parse(entry.lastAt ?? '')).to.be.at.least(Date.parse(entry.at));
      }
      expect(entries.reduce((sum, e) => sum + (e.count ?? 0), 0)).to.equal(answered);
    }
    // Nothing was dropped: the flood never reached either buffer.
    expect(sales.runtime.app.salesIdentity.eventRecorder.droppedCount).to.equal(0);
  });

  it('keeps the messages of an authenticated 400 made during a flood (spec part 7)', async () => {
    const requestId = `flood-bad-${Date.now()}`;
    const flooding = flood(300, 8, () => get('/api/sales?limit=1', { 'x-forwarded-for': '203.0.113.67' }));
    await request(sales.callback)
      .post('/vendors')
      .set('x-api-key', adminKey)
      .set('x-request-id', requestId)
      .set('x-forwarded-for', '192.0.2.11')
      .send({ name: 'No code' })
      .expect(400);
    await flooding;
    await sales.flushEvents();
    const [entry] = (await audit(`?requestId=${requestId}`)).data;
    expect(entry).to.include({ status: 400, path: '/vendors', ip: '192.0.2.11' });
    expect(entry?.errorMessages).to.be.an('array').with.length.greaterThan(0);
    expect(entry).not.to.have.property('count');
  });

  it(
    'counts spoofed X-Forwarded-For values under the address the limiter uses (TRUST_PROXY=1: the ' + 'rightmost)',
    async () => {
      const proxySaw = '203.0.113.68';
      const statuses = await flood(200, 8, (n) =>
        get('/api/sales?limit=1', { 'x-forwarded-for': `10.0.${n >> 8}.${n & 255}, ${proxySaw}` }),
      );
      // The limiter saw one address despite 200 different spoofed ones: 20 through to the guard, the rest throttled.
      expect(statuses.get(401)).to.equal(20);
      expect(statuses.get(429)).to.equal(180);
      await sales.flushEvents();
      const entries = await allEntries('?path=/api/sales&status=429');
      // The earlier tests' flooders, and this one's address: no spoofed value became a key of its own.
      expect([...new Set(entries.map((e) => e.ip))].sort()).to.deep.equal(['203.0.113.66', '203.0.113.67', proxySaw]);
      expect(entries.filter((e) => e.ip === proxySaw).reduce((sum, e) => sum + (e.count ?? 0), 0)).to.equal(180);
    },
  );
});
