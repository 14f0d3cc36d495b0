import { expect } from 'chai';
import request, { type Response } from 'supertest';
import type Koa from 'koa';
import { hubHarness } from '../../support/hub';
import { useTestDatabase } from '../../support/mongo';
import { openSalesRuntime, type SalesRuntime } from '../../support/sales-runtime';

const TOKEN = 'metrics-token-0123456789abcdef';

/** Every way of not presenting the token: each is a 401 and shows no metric. */
const WRONG_CREDENTIALS: readonly (Record<string, string> | undefined)[] = [
  undefined,
  { authorization: 'Bearer wrong-token-0123456789abcdef' },
  { authorization: `Bearer ${TOKEN}x` },
  { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
  { authorization: 'Bearer' },
  { authorization: `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}` },
  { authorization: TOKEN },
  { 'x-api-key': TOKEN },
];

interface Service {
  readonly name: string;
  readonly path: string;
  /** An unknown path of the same service, for the production 404 without a token. */
  readonly unknownPath: string;
  open(env: Record<string, string>): Promise<{ app: Koa; close(): Promise<void> }>;
  /** The body of a 401 with nothing that varies by request (sales: no timestamp, no path). */
  stable(body: unknown): unknown;
}

const withoutVolatile = (body: unknown): unknown => {
  const { timestamp: _timestamp, path: _path, ...rest } = body as Record<string, unknown>;
  return rest;
};

function accessMatrix(service: Service): void {
  describe(`${service.name} ${service.path}: METRICS_TOKEN`, () => {
    const get = (app: Koa, headers: Record<string, string> = {}, path = service.path): Promise<Response> => {
      const req = request(app.callback()).get(path);
      for (const [name, value] of Object.entries(headers)) req.set(name, value);
      return req;
    };
    const isExposition = (res: Response) =>
      res.status === 200 &&
      res.text.includes('process_cpu_user_seconds_total') &&
      res.text.includes('brokerhub_http_request_duration_seconds');

    for (const nodeEnv of ['development', 'production']) {
      it(
        `${nodeEnv}, token set: only "Authorization: Bearer <token>" (any case of "Bearer") gets the metrics; ` +
          'anything else is a bare 401',
        async () => {
          const svc = await service.open({ NODE_ENV: nodeEnv, METRICS_TOKEN: TOKEN });
          try {
            expect(isExposition(await get(svc.app, { authorization: `Bearer ${TOKEN}` }))).to.equal(true);
            expect(isExposition(await get(svc.app, { authorization: `bearer ${TOKEN}` }))).to.equal(true);
            const bodies = new Set<string>();
            for (const headers of WRONG_CREDENTIALS) {
              const res = await get(svc.app, headers);
              expect(res.status, JSON.stringify(headers)).to.equal(401);
              expect(res.headers['content-type']).to.match(/^application\/json/);
              expect(res.text).not.to.match(/brokerhub_|process_|nodejs_/);
              expect(res.text).not.to.contain(TOKEN.slice(0, 12));
              expect(res.headers).not.to.have.property('www-authenticate');
              bodies.add(JSON.stringify(service.stable(res.body)));
            }
            // One answer whatever was wrong: nothing says how close a guess came.
            expect([...bodies]).to.have.length(1);
            // A token in the query string is not a credential.
            expect((await get(svc.app, {}, `${service.path}?token=${TOKEN}`)).status).to.equal(401);
          } finally {
            await svc.close();
          }
        },
      );
    }

    it('development, no token: open', async () => {
      const svc = await service.open({ NODE_ENV: 'development' });
      try {
        expect(isExposition(await get(svc.app))).to.equal(true);
        expect(isExposition(await get(svc.app, { authorization: 'Bearer anything-at-all-here' }))).to.equal(true);
      } finally {
        await svc.close();
      }
    });

    it('production, no token: the same 404 as a path that does not exist, whatever is presented', async () => {
      const svc = await service.open({ NODE_ENV: 'production' });
      try {
        const unknown = await get(svc.app, {}, service.unknownPath);
        expect(unknown.status).to.equal(404);
        for (const headers of [undefined, { authorization: `Bearer ${TOKEN}` }]) {
          const res = await get(svc.app, headers);
          expect(res.status).to.equal(404);
          expect(service.stable(res.body)).to.deep.equal(service.stable(unknown.body));
          expect(res.headers['content-type']).to.equal(unknown.headers['content-type']);
          expect(res.text).not.to.match(/brokerhub_|process_|nodejs_/);
        }
      } finally {
        await svc.close();
      }
    });
  });
}

describe('metrics routes: access (CONTRACT 9.2)', () => {
  const mongo = useTestDatabase();

  accessMatrix({
    name: 'sales',
    path: '/metrics',
    unknownPath: '/metricz',
    async open(env) {
      const rt: SalesRuntime = await openSalesRuntime({ env });
      return { app: rt.app, close: () => rt.close() };
    },
    stable: withoutVolatile,
  });

  accessMatrix({
    name: 'hub',
    path: '/api/v1/metrics',
    unknownPath: '/api/v1/metricz',
    async open(env) {
      const hub = await hubHarness(mongo(), { env });
      return { app: hub.app, close: async () => undefined };
    },
    stable: (body) => body,
  });
});
