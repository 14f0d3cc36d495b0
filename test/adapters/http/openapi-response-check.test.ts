import { createServer } from 'node:http';
import Router from '@koa/router';
import { expect } from 'chai';
import * as t from 'io-ts';
import request from 'supertest';
import { buildHubApp, HUB_PREFIX } from '../../../src/adapters/http/hub/hub-app';
import { buildSalesApp } from '../../../src/adapters/http/sales/sales-app';
import { HttpError } from '../../../src/adapters/http/shared/errors/http-error';
import { baseUrl, closeGracefully, listen } from '../../../src/adapters/http/shared/listen';
import { documented } from '../../../src/adapters/http/shared/openapi/documented-router';
import { SystemClock } from '../../../src/adapters/system/system-clock';
import { errorAnswer } from '../../support/http';
import { memoryLogger } from '../../support/logs';
import { ResponseContractError } from '../../support/openapi-response-check';

/** The request's rejection: the check fails the request itself, whatever the test asserts after. */
async function rejectionOf(pending: PromiseLike<unknown>): Promise<Error> {
  try {
    await pending;
  } catch (error) {
    return error as Error;
  }
  throw new Error('the request was expected to fail the response check');
}

describe('the OpenAPI response check of every supertest request (CONTRACT 9.1)', () => {
  const router = new Router({ prefix: '/check' });
  const api = documented(router, { tag: 'Check' });
  const Widget = t.type({ ok: t.boolean });
  api.get('/fine', { summary: 'As documented', responses: { 200: { description: 'ok', body: Widget } } }, (ctx) => {
    ctx.body = { ok: true };
  });
  api.get(
    '/extra-field',
    { summary: 'A field its schema lacks', responses: { 200: { description: 'ok', body: Widget } } },
    (ctx) => {
      ctx.body = { ok: true, internalNote: 'not documented' };
    },
  );
  api.get(
    '/wrong-type',
    { summary: 'A field of the wrong type', responses: { 200: { description: 'ok', body: Widget } } },
    (ctx) => {
      ctx.body = { ok: 'yes' };
    },
  );
  api.get(
    '/teapot',
    { summary: 'A status it does not document', responses: { 200: { description: 'ok', body: Widget } } },
    (ctx) => {
      ctx.status = 418;
      ctx.body = { ok: false };
    },
  );
  api.get(
    '/no-content',
    { summary: 'Documented without a body', responses: { 204: { description: 'nothing' } } },
    (ctx) => {
      ctx.status = 204;
    },
  );
  const undocumented = new Router();
  undocumented.get('/check/hidden', (ctx) => {
    ctx.body = { ok: true };
  });
  const sales = buildSalesApp({
    logger: memoryLogger().logger,
    clock: new SystemClock(),
    isProduction: false,
    readinessChecks: [],
    routers: [router, undocumented],
  });

  it('passes a response the document describes', async () => {
    await request(sales.callback()).get('/check/fine').expect(200, { ok: true });
    await request(sales.callback()).get('/check/no-content').expect(204);
    // The router's own spellings: case-insensitive, trailing slash.
    await request(sales.callback()).get('/CHECK/fine/').expect(200);
    await request(sales.callback()).head('/check/fine').expect(200);
  });

  it('fails a body with a field the schema does not document, even when the test asserts only the status', async () => {
    const error = await rejectionOf(request(sales.callback()).get('/check/extra-field').expect(200));
    expect(error).to.be.instanceOf(ResponseContractError);
    expect(error.message)
      .to.contain('GET /check/extra-field')
      .and.to.contain('must NOT have additional properties (internalNote)');
  });

  it('fails a body whose field has another type', async () => {
    const error = await rejectionOf(request(sales.callback()).get('/check/wrong-type'));
    expect(error.message).to.contain('body/ok must be boolean');
  });

  it('fails a status the operation does not document', async () => {
    const error = await rejectionOf(request(sales.callback()).get('/check/teapot').expect(418));
    expect(error).to.be.instanceOf(ResponseContractError);
    expect(error.message).to.contain('answered 418, a status the document does not list (200, 400, 429, 500, 503)');
  });

  it('fails a route the document does not describe; an unknown path must be the 404 of the error format', async () => {
    const error = await rejectionOf(request(sales.callback()).get('/check/hidden'));
    expect(error.message).to.contain('GET /check/hidden is not in the document, yet it answered 200');
    await request(sales.callback()).get('/check/nowhere').expect(404);
  });

  it("fails an error body with a member the service's error schema does not have (hub)", async () => {
    const hubRouter = new Router({ prefix: HUB_PREFIX });
    documented(hubRouter, { tag: 'Check' }).get(
      '/check/leaky',
      { summary: 'An error with extra members', responses: { 403: errorAnswer('Forbidden') } },
      () => {
        throw new HttpError(403, 'Insufficient permissions', { extra: { internalRole: 'admin' } });
      },
    );
    const hub = buildHubApp({ logger: memoryLogger().logger, readinessChecks: [], routers: [hubRouter] });
    const error = await rejectionOf(request(hub.callback()).get(`${HUB_PREFIX}/check/leaky`).expect(403));
    expect(error.message).to.contain('must NOT have additional properties (internalRole)');
  });

  it('checks fetch answers of a service app listening on loopback the same way', async () => {
    const server = await listen(sales, '127.0.0.1', 0);
    try {
      expect((await fetch(`${baseUrl(server)}/check/fine`)).status).to.equal(200);
      const error = await rejectionOf(fetch(`${baseUrl(server)}/check/extra-field`));
      expect(error).to.be.instanceOf(ResponseContractError);
      expect(error.message).to.contain('internalNote');
    } finally {
      await closeGracefully(server, 1_000);
    }
  });

  it('fails a request to a server that is not a service app: no HTTP test goes around the check', async () => {
    const plain = createServer((_req, res) => res.end('{}'));
    const error = await rejectionOf(request(plain).get('/'));
    expect(error.message).to.contain('not a service app with an OpenAPI document');
  });
});
