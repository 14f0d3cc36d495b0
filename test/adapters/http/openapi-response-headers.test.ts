import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type Koa from 'koa';
import { HUB_PREFIX } from '../../../src/adapters/http/hub/hub-app';
import { openApiDocumentOf } from '../../../src/adapters/http/shared/base-app';
import type { OpenApiDocument, OpenApiResponse } from '../../../src/adapters/http/shared/openapi/openapi-document';
import type { MongoConnection } from '../../../src/adapters/mongo/shared/mongo-connection';
import { hubHarness, INTERNAL_SECRET } from '../../support/hub';
import { connectTestDatabase } from '../../support/mongo';
import { cookieValueOf, openSalesRuntime, type SalesRuntime } from '../../support/sales-runtime';

/** What HTTP itself and Node add to an answer: not the services' own headers, so not declared. */
const TRANSPORT = new Set([
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'vary',
  'transfer-encoding',
]);
const ORIGIN = 'https://app.example.com';

interface Exchange {
  readonly label: string;
  readonly status: number;
  readonly undeclared: string[];
}

/** The headers received that the document does not declare on the answer given (none when it conforms). */
function undeclared(received: Headers, documented: OpenApiResponse | undefined): string[] {
  const declared = new Set(Object.keys(documented?.headers ?? {}).map((name) => name.toLowerCase()));
  return [...received.keys()].filter((name) => !TRANSPORT.has(name) && !declared.has(name));
}

async function listen(app: Koa): Promise<{ url: string; server: Server }> {
  const handle = app.callback();
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

type Credentials = (security: readonly string[]) => Record<string, string>;

/**
 * One real request per operation of the document (with the credential it asks for, path parameters
 * filled in, an empty JSON body on writes, from an allowed CORS origin), and one to a path no route
 * serves: every header received must be declared on the answer the document gives for that status.
 * Logout-like operations run last, so the session stays valid for the others.
 */
async function exchanges(app: Koa, base: string, params: Record<string, string>, credentials: Credentials) {
  const document = openApiDocumentOf(app) as OpenApiDocument;
  const { url, server } = await listen(app);
  const results: Exchange[] = [];
  try {
    const operations = Object.entries(document.paths)
      .flatMap(([template, item]) =>
        Object.entries(item).map(([method, operation]) => ({ template, method, operation })),
      )
      .sort((a, b) => Number(a.template.includes('logout')) - Number(b.template.includes('logout')));
    for (const { template, method, operation } of operations) {
      if (operation === undefined) continue;
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? randomUUID());
      const security = operation.security.flatMap((entry) => Object.keys(entry));
      const write = method !== 'get';
      const res = await fetch(`${url}${base}${path}`, {
        method: method.toUpperCase(),
        headers: { origin: ORIGIN, ...credentials(security), ...(write ? { 'content-type': 'application/json' } : {}) },
        ...(write ? { body: '{}' } : {}),
      });
      await res.arrayBuffer();
      const label = `${method.toUpperCase()} ${template}`;
      results.push({
        label,
        status: res.status,
        undeclared: undeclared(res.headers, operation.responses[String(res.status)]),
      });
    }
    const unrouted = await fetch(`${url}${base}/no-route-here`, { headers: { origin: ORIGIN } });
    await unrouted.arrayBuffer();
    results.push({
      label: 'GET (no route)',
      status: unrouted.status,
      undeclared: undeclared(unrouted.headers, document['x-unrouted-responses'][String(unrouted.status)]),
    });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return results;
}

function expectAllDeclared(results: readonly Exchange[]): void {
  const problems = results
    .filter((result) => result.undeclared.length > 0)
    .map((result) => `${result.label} ${result.status}: ${result.undeclared.join(', ')}`);
  expect(problems, problems.join('\n')).to.deep.equal([]);
}

describe('every header an answer carries is declared on that answer in the document (CONTRACT 11.4)', () => {
  it('sales: one real request per operation', async () => {
    const sales: SalesRuntime = await openSalesRuntime({ env: { CORS_ORIGINS: ORIGIN } });
    try {
      const admin = await sales.createUser({ role: 'admin' });
      const { key } = await sales.createApiKey(admin.email);
      const { url, server } = await listen(sales.app);
      const answer = await fetch(`${url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: admin.email, password: admin.password }),
      });
      await new Promise<void>((resolve) => server.close(() => resolve()));
      const token = cookieValueOf(answer.headers.getSetCookie(), 'access_token') ?? '';
      const results = await exchanges(sales.app, '', {}, (security): Record<string, string> =>
        security.includes('bearerAccessToken')
          ? { authorization: `Bearer ${token}` }
          : security.includes('apiKey')
            ? { 'x-api-key': key }
            : {},
      );
      expect(results.filter((result) => result.status < 300).length).to.be.greaterThan(15);
      expect(results.filter((result) => result.status === 401).length).to.be.lessThan(results.length / 2);
      expectAllDeclared(results);
    } finally {
      await sales.close();
    }
  });

  it('hub: one real request per operation', async () => {
    const mongo: MongoConnection = await connectTestDatabase();
    try {
      const hub = await hubHarness(mongo, { env: { CORS_ORIGINS: ORIGIN } });
      const orgId = await hub.createOrg('Header Motors');
      await hub.createUser({ email: 'owner@example.com', password: 'correct-horse-9', orgId, role: 'OWNER' });
      const { url, server } = await listen(hub.app);
      const login = await fetch(`${url}${HUB_PREFIX}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'owner@example.com', password: 'correct-horse-9' }),
      });
      const { accessToken } = (await login.json()) as { accessToken: string };
      await new Promise<void>((resolve) => server.close(() => resolve()));
      const results = await exchanges(hub.app, HUB_PREFIX, { orgId }, (security): Record<string, string> =>
        security.includes('bearerAccessToken')
          ? { authorization: `Bearer ${accessToken}` }
          : security.includes('internalSecret')
            ? { authorization: `Bearer ${INTERNAL_SECRET}` }
            : {},
      );
      expect(results.filter((result) => result.status < 300).length).to.be.greaterThan(8);
      // The IP limiter's operations state their counts, which the document declares.
      expect(results.find((result) => result.label === 'POST /auth/login')).to.deep.include({ undeclared: [] });
      expectAllDeclared(results);
    } finally {
      await mongo.close();
    }
  });
});
