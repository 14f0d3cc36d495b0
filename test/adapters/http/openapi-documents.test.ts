import type Router from '@koa/router';
import { Validator } from '@seriousme/openapi-schema-validator';
import { expect } from 'chai';
import request from 'supertest';
import type { Composition } from '../../../src/composition-root';
import { HUB_PREFIX } from '../../../src/adapters/http/hub/hub-app';
import { openApiPath, type OpenApiDocument } from '../../../src/adapters/http/shared/openapi/openapi-document';
import { HUB_SECRET, hubHarness, INTERNAL_SECRET, type HubHarness } from '../../support/hub';
import type { MongoConnection } from '../../../src/adapters/mongo/shared/mongo-connection';
import { connectTestDatabase, sharedMongo } from '../../support/mongo';
import { openSalesRuntime, TEST_JWT_SECRET, type SalesRuntime } from '../../support/sales-runtime';

/** Every method + path a router serves (catch-all middleware routes such as the hub IP limiter are not operations). */
function routesOf(routers: readonly Router[], basePath: string): string[] {
  return routers.flatMap((router) =>
    router.stack
      .filter((layer) => layer.methods.length > 0 && !String(layer.path).includes('{*'))
      .flatMap((layer) =>
        layer.methods
          .filter((method) => method !== 'HEAD')
          .map((method) => {
            const path = String(layer.path);
            const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
            return `${method.toLowerCase()} ${openApiPath(trimmed, basePath)}`;
          }),
      ),
  );
}

/**
 * References to texts a user of the API cannot see: the CONTRACT, the service specifications and the
 * architecture notes, by name or by a part/section number. Each hit with some context around it.
 */
const OUTSIDE_REFERENCE =
  /\bCONTRACT\b|sales-service(?:\.md)?|hub-service(?:\.md)?|ARCHITECTURE\.md|\bspec(?:ification)?\s+(?:part|section)\b|\bspec\s+\d|§/gi;
function outsideReferencesIn(text: string): string[] {
  return [
    ...new Set(
      [...text.matchAll(OUTSIDE_REFERENCE)].map((match) =>
        text.slice(Math.max(0, (match.index ?? 0) - 60), (match.index ?? 0) + 60),
      ),
    ),
  ];
}

const operationsOf = (document: OpenApiDocument): string[] =>
  Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`));

describe('OpenAPI documents (CONTRACT 9.1)', () => {
  let sales: SalesRuntime;
  let hub: HubHarness;
  let mongo: MongoConnection;
  const documents: { sales?: OpenApiDocument; hub?: OpenApiDocument } = {};

  before(async () => {
    sales = await openSalesRuntime();
    mongo = await connectTestDatabase();
    hub = await hubHarness(mongo);
    documents.sales = (
      await request(sales.callback)
        .get('/openapi.json')
        .expect(200)
        .expect('content-type', /application\/json/)
    ).body as OpenApiDocument;
    documents.hub = (await request(hub.app.callback()).get(`${HUB_PREFIX}/openapi.json`).expect(200))
      .body as OpenApiDocument;
  });
  after(async () => {
    await sales.close();
    await mongo.close();
  });

  for (const service of ['sales', 'hub'] as const) {
    it(
      `${service}: the document and its docs page state the rules themselves, never a section of a text outside ` +
        'the repository',
      async () => {
        const page =
          service === 'sales'
            ? await request(sales.callback).get('/docs').expect(200)
            : await request(hub.app.callback()).get(`${HUB_PREFIX}/docs`).expect(200);
        const offending = outsideReferencesIn([JSON.stringify(documents[service]), page.text].join('\n'));
        expect(offending, offending.join('\n')).to.deep.equal([]);
      },
    );

    it(`${service}: the served document is valid OpenAPI 3.1`, async () => {
      const validator = new Validator();
      const result = await validator.validate(documents[service] as unknown as Parameters<Validator['validate']>[0]);
      expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).to.deep.equal([]);
      expect(result.valid).to.equal(true);
      expect(validator.version).to.equal('3.1');
    });
  }

  it('describes every route the real apps mount, and nothing they do not', () => {
    const composition = (service: 'sales' | 'hub', c: Composition) =>
      [
        c.salesIdentity,
        c.sales,
        c.sdr,
        c.kpi,
        c.savedFilters,
        c.policies,
        c.assistant,
        c.privacy,
        c.privacyErasure,
        c.hubIdentity,
        c.hubLeads,
        c.hubPrivacy,
      ]
        .filter((area) => area.service === service)
        .flatMap((area) => area.routers);
    const salesRoutes = routesOf(composition('sales', sales.runtime.app), '');
    const hubRoutes = routesOf(composition('hub', hub.composition), HUB_PREFIX);
    // The probes, the metrics and the documentation are mounted by the app itself.
    const own = ['get /healthz', 'get /readyz', 'get /metrics', 'get /openapi.json', 'get /docs', 'get /docs/{asset}'];
    expect(operationsOf(documents.sales ?? ({} as OpenApiDocument)).sort()).to.deep.equal(
      [...salesRoutes, ...own].sort(),
    );
    expect(operationsOf(documents.hub ?? ({} as OpenApiDocument)).sort()).to.deep.equal([...hubRoutes, ...own].sort());
    expect(salesRoutes).to.have.length.greaterThan(15);
    expect(hubRoutes).to.have.length.greaterThan(15);
  });

  it('names only relative servers, no host and no secret', () => {
    expect(documents.sales?.servers).to.deep.equal([{ url: '/' }]);
    expect(documents.hub?.servers).to.deep.equal([{ url: '/api/v1' }]);
    for (const document of [documents.sales, documents.hub]) {
      const text = JSON.stringify(document);
      for (const secret of [
        TEST_JWT_SECRET,
        HUB_SECRET,
        INTERNAL_SECRET,
        sharedMongo().uri,
        '127.0.0.1',
        'localhost',
        'http://',
        'https://',
      ]) {
        expect(text).not.to.contain(secret);
      }
    }
  });

  it('describes request bodies and query parameters from the codecs the routes decode with', () => {
    const login = documents.sales?.paths['/auth/login']?.post;
    expect(login?.requestBody?.content['application/json']?.schema).to.deep.include({
      type: 'object',
      required: ['email', 'password'],
    });
    const sales = documents.sales?.paths['/api/sales']?.get;
    expect(sales?.parameters?.map((p) => [p.name, p.required])).to.deep.equal([
      ['page', false],
      ['limit', false],
      ['processed', false],
      ['dateFrom', false],
      ['dateTo', false],
    ]);
    const channel = documents.hub?.paths['/orgs/{orgId}/channels']?.post;
    expect(channel?.requestBody?.content['application/json']?.schema).to.deep.include({
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 100, description: 'trimmed, at most 100 characters' },
        type: { type: 'string', enum: ['QR_CODE', 'WWABA'] },
      },
    });
    expect(channel?.parameters?.map((p) => [p.name, p.in, p.required])).to.deep.equal([['orgId', 'path', true]]);
  });

  it('serves the documents and the docs page without a credential, rate limit or API event', async () => {
    const limited = await openSalesRuntime({ overrides: { salesRateLimit: { limit: 2, windowMs: 60_000 } } });
    try {
      for (let i = 0; i < 4; i += 1) {
        const json = await request(limited.callback).get('/openapi.json').set('x-request-id', `docs-${i}`).expect(200);
        expect(json.headers).not.to.have.property('x-ratelimit-limit');
        await request(limited.callback)
          .get('/docs')
          .set('x-request-id', `page-${i}`)
          .expect(200)
          .expect('content-type', /text\/html/);
        await request(limited.callback).get('/docs/swagger-ui-bundle.js').set('x-request-id', `asset-${i}`).expect(200);
      }
      await request(limited.callback).get('/docs/nothing-here.js').expect(404);
      await request(limited.callback).get('/api-keys').set('x-request-id', 'logged-1').expect(401);
      await limited.flushEvents();
      const logged = await limited.db.collection('api_event_logs').find({}).toArray();
      expect(logged.map((entry) => entry.requestId)).to.deep.equal(['logged-1']);
    } finally {
      await limited.close();
    }
    const page = await request(hub.app.callback()).get(`${HUB_PREFIX}/docs`).expect(200);
    expect(page.headers['content-security-policy']).to.contain("script-src 'self'");
    expect(page.text).to.contain('data-spec="openapi.json"').and.to.contain('src="docs/swagger-ui-bundle.js"');
    const slash = await request(hub.app.callback()).get(`${HUB_PREFIX}/docs/`).expect(200);
    expect(slash.text).to.contain('data-spec="../openapi.json"').and.to.contain('src="swagger-ui-bundle.js"');
  });
});
