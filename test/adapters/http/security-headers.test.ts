import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type Koa from 'koa';
import { HUB_PREFIX } from '../../../src/adapters/http/hub/hub-app';
import type { MongoConnection } from '../../../src/adapters/mongo/shared/mongo-connection';
import { CapacityExceededError } from '../../../src/application/shared/capacity-exceeded-error';
import type { PasswordHasher } from '../../../src/application/shared/ports';
import { rebinding } from '../../../src/composition/container';
import { PasswordHashing } from '../../../src/composition/platform';
import { failingRoutes } from '../../support/http';
import { hubHarness } from '../../support/hub';
import { connectTestDatabase } from '../../support/mongo';
import { openSalesRuntime, type SalesRuntime } from '../../support/sales-runtime';

/** CONTRACT 11.5: on every answer, whatever its status. */
const EVERY_ANSWER = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
  'content-security-policy': "frame-ancestors 'none'",
  'x-frame-options': 'DENY',
};
const HSTS = 'max-age=31536000; includeSubDomains';

/** Password hashing always at capacity: every login is refused with 503 and Retry-After (CONTRACT 9.5). */
const atCapacity = () => Promise.reject(new CapacityExceededError('password hashing', 7));
const saturated: PasswordHasher = {
  hash: atCapacity,
  verify: atCapacity,
  verifyAgainstDummy: atCapacity,
  checkCapacity: atCapacity,
};

async function listen(app: Koa): Promise<{ url: string; server: Server }> {
  const handle = app.callback();
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

function expectSecurityHeaders(res: Response, label: string, production = false): void {
  for (const [name, value] of Object.entries(EVERY_ANSWER))
    expect(res.headers.get(name), `${label} ${res.status}: ${name}`).to.equal(value);
  expect(res.headers.get('strict-transport-security'), `${label}: HSTS`).to.equal(production ? HSTS : null);
}

const json = (body: string) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('security headers on every answer of both services (CONTRACT 11.5, over real HTTP)', () => {
  describe('sales', () => {
    let sales: SalesRuntime;
    let url: string;
    let server: Server;
    before(async () => {
      sales = await openSalesRuntime({
        env: { CORS_ORIGINS: 'https://app.example.com' },
        overrides: {
          salesRateLimit: { limit: 2, windowMs: 60_000 },
          extraSalesRouters: () => [failingRoutes('', () => sales.db)],
          rebind: [rebinding(PasswordHashing, saturated)],
        },
      });
      ({ url, server } = await listen(sales.app));
    });
    after(async () => {
      await close(server);
      await sales.close();
    });

    it('success, 400, 401, 404, 429, 500, 503 and a CORS preflight', async () => {
      const answers: [string, Response, number][] = [
        ['GET /healthz', await fetch(`${url}/healthz`), 200],
        ['GET /openapi.json', await fetch(`${url}/openapi.json`), 200],
        ['GET /api-keys', await fetch(`${url}/api-keys`), 401],
        ['GET /nowhere', await fetch(`${url}/nowhere`), 404],
        ['POST not JSON', await fetch(`${url}/api-keys`, json('{')), 400],
        ['a fault', await fetch(`${url}/test/boom`), 500],
        [
          'POST /auth/login at capacity',
          await fetch(`${url}/auth/login`, json('{"email":"a@b.co","password":"x"}')),
          503,
        ],
        ['GET /api-keys again', await fetch(`${url}/api-keys`), 401],
        ['GET /api-keys past the limit', await fetch(`${url}/api-keys`), 429],
        [
          'OPTIONS preflight',
          await fetch(`${url}/api-keys`, {
            method: 'OPTIONS',
            headers: { origin: 'https://app.example.com', 'access-control-request-method': 'GET' },
          }),
          204,
        ],
      ];
      for (const [label, res, status] of answers) {
        expect(res.status, label).to.equal(status);
        expectSecurityHeaders(res, label);
      }
      const header = (status: number, name: string) =>
        answers.find(([, res]) => res.status === status)?.[1].headers.get(name);
      expect(header(503, 'retry-after')).to.equal('7');
      expect(header(429, 'retry-after')).to.match(/^\d+$/);
    });

    it('the docs page keeps its own Content-Security-Policy, which still forbids framing', async () => {
      const page = await fetch(`${url}/docs`);
      expect(page.status).to.equal(200);
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(csp).to.contain("script-src 'self'").and.to.contain("frame-ancestors 'none'");
      expect(page.headers.get('x-frame-options')).to.equal('DENY');
      expect(page.headers.get('cache-control')).to.equal('no-store');
      const asset = await fetch(`${url}/docs/swagger-ui.css`);
      expectSecurityHeaders(asset, 'a docs asset');
    });
  });

  describe('hub', () => {
    let mongo: MongoConnection;
    let url: string;
    let server: Server;
    before(async () => {
      mongo = await connectTestDatabase();
      const hub = await hubHarness(mongo, {
        overrides: { hubIpRateLimit: { limit: 1, windowMs: 300_000 }, rebind: [rebinding(PasswordHashing, saturated)] },
      });
      ({ url, server } = await listen(hub.app));
    });
    after(async () => {
      await close(server);
      await mongo.close();
    });

    it('success, 400, 401, 404, 429 and 503 answers', async () => {
      const base = `${url}${HUB_PREFIX}`;
      const answers: [string, Response, number][] = [
        ['GET /healthz', await fetch(`${base}/healthz`), 200],
        ['GET /auth/me', await fetch(`${base}/auth/me`), 401],
        ['GET /nowhere', await fetch(`${base}/nowhere`), 404],
        ['POST not JSON', await fetch(`${base}/nowhere`, json('{')), 400],
        [
          'POST /auth/login at capacity',
          await fetch(`${base}/auth/login`, json('{"email":"a@b.co","password":"x"}')),
          503,
        ],
        ['POST /auth/forgot-password', await fetch(`${base}/auth/forgot-password`, json('{"email":"a@b.co"}')), 200],
        ['the same past the limit', await fetch(`${base}/auth/forgot-password`, json('{"email":"a@b.co"}')), 429],
        ['internal route without its secret', await fetch(`${base}/internal/orgs/x/leads`), 401],
      ];
      for (const [label, res, status] of answers) {
        expect(res.status, label).to.equal(status);
        expectSecurityHeaders(res, label);
      }
      const header = (status: number, name: string) =>
        answers.find(([, res]) => res.status === status)?.[1].headers.get(name);
      expect(header(503, 'retry-after')).to.equal('7');
      expect(header(429, 'retry-after')).to.equal('300');
    });
  });

  it('in production both services add Strict-Transport-Security, on errors too', async () => {
    const sales = await openSalesRuntime({ env: { NODE_ENV: 'production' } });
    const mongo = await connectTestDatabase();
    const hub = await hubHarness(mongo, { env: { NODE_ENV: 'production' } });
    const listening = [await listen(sales.app), await listen(hub.app)];
    try {
      const [salesUrl, hubUrl] = listening.map((l) => l.url);
      for (const [label, target] of [
        ['sales probe', `${salesUrl}/healthz`],
        ['sales 401', `${salesUrl}/api-keys`],
        ['sales 404', `${salesUrl}/nowhere`],
        ['hub probe', `${hubUrl}${HUB_PREFIX}/healthz`],
        ['hub 401', `${hubUrl}${HUB_PREFIX}/auth/me`],
        ['hub 404', `${hubUrl}${HUB_PREFIX}/nowhere`],
      ] as const)
        expectSecurityHeaders(await fetch(target), label, true);
    } finally {
      for (const { server } of listening) await close(server);
      await sales.close();
      await mongo.close();
    }
  });
});
