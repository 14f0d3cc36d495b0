import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import request from 'supertest';
import type { MongoConnection } from '../../../src/adapters/mongo/shared/mongo-connection';
import { HUB_PREFIX } from '../../../src/adapters/http/hub/hub-prefix';
import { hubHarness, type HubHarness } from '../../support/hub';
import { connectTestDatabase } from '../../support/mongo';
import { openSalesRuntime, type SalesRuntime } from '../../support/sales-runtime';

/**
 * CONTRACT 7 "Query parameters", "Lengths", "Unknown sale on trigger-webhook" and the forbidden body
 * keys: the edge decodes the same way on every route of both services.
 */
const MALFORMED = '{"not json';

describe('the edge decodes the same way everywhere (CONTRACT 7)', () => {
  let sales: SalesRuntime;
  let mongo: MongoConnection;
  let hub: HubHarness;
  let key: string;
  let owner: string;
  let orgId: string;
  const s = () => request(sales.callback);
  const h = () => request(hub.app.callback());

  before(async () => {
    sales = await openSalesRuntime();
    const user = await sales.createUser({ role: 'admin' });
    key = (await sales.createApiKey(user.email)).key;
    mongo = await connectTestDatabase();
    hub = await hubHarness(mongo);
    orgId = await hub.createOrg('Edge Org');
    await hub.createUser({ email: 'edge-owner@example.com', password: 'edge-password', orgId, role: 'OWNER' });
    const login = await h()
      .post(`${HUB_PREFIX}/auth/login`)
      .send({ email: 'edge-owner@example.com', password: 'edge-password' })
      .expect(200);
    owner = `Bearer ${login.body.accessToken as string}`;
  });
  after(async () => {
    await sales.close();
    await mongo.close();
  });

  describe('a body sent with GET, HEAD or DELETE is not read', () => {
    it(
      'sales: a malformed body on a GET without credentials is 401, not 400; on /healthz and /readyz it is ' +
        'ignored',
      async () => {
        await s().get('/api/sales').set('content-type', 'application/json').send(MALFORMED).expect(401);
        await s().get('/healthz').set('content-type', 'application/json').send(MALFORMED).expect(200);
        await s().get('/readyz').set('content-type', 'application/json').send(MALFORMED).expect(200);
        await s()
          .get('/vendors')
          .set('x-api-key', key)
          .set('content-type', 'application/json')
          .send(MALFORMED)
          .expect(200);
      },
    );

    it('sales: a DELETE with a malformed body reaches its route (404 for an unknown chat session)', async () => {
      await s()
        .delete(`/api/chat-sessions/${randomUUID()}`)
        .set('x-api-key', key)
        .set('content-type', 'application/json')
        .send(MALFORMED)
        .expect(404);
    });

    it('hub: a malformed body on a GET without credentials is 401; on /healthz and /readyz it is ignored', async () => {
      await h()
        .get(`${HUB_PREFIX}/orgs/${orgId}/leads`)
        .set('content-type', 'application/json')
        .send(MALFORMED)
        .expect(401);
      await h()
        .get(`${HUB_PREFIX}/auth/me`)
        .set('authorization', owner)
        .set('content-type', 'application/json')
        .send(MALFORMED)
        .expect(200);
      await h().get(`${HUB_PREFIX}/healthz`).set('content-type', 'application/json').send(MALFORMED).expect(200);
      await h().get(`${HUB_PREFIX}/readyz`).set('content-type', 'application/json').send(MALFORMED).expect(200);
    });

    it('an unsafe method still parses its body: a malformed POST is 400 on both', async () => {
      await s()
        .post('/vendors')
        .set('x-api-key', key)
        .set('content-type', 'application/json')
        .send(MALFORMED)
        .expect(400);
      const res = await h()
        .post(`${HUB_PREFIX}/auth/login`)
        .set('content-type', 'application/json')
        .send(MALFORMED)
        .expect(400);
      expect(res.body).to.deep.equal({ error: 'Invalid JSON body' });
    });
  });

  describe('a bracketed or repeated query parameter is 400, one message per problem', () => {
    it('sales, section-8 route: /api/policies?insurer[]=Nope and a repeated or unknown parameter', async () => {
      const bracketed = await s()
        .get('/api/policies?insurer[]=Nope&status[$ne]=active')
        .set('x-api-key', key)
        .expect(400);
      expect(bracketed.body.message).to.equal('Validation failed');
      expect(bracketed.body.error).to.have.members([
        'insurer[] is not a known parameter',
        'status[$ne] is not a known parameter',
      ]);
      const repeated = await s().get('/api/policies?insurer=A&insurer=B').set('x-api-key', key).expect(400);
      expect(repeated.body.error).to.deep.equal(['insurer must be given once']);
      const unknown = await s().get('/api/policies?colour=blue').set('x-api-key', key).expect(400);
      expect(unknown.body.error).to.deep.equal(['colour is not a known parameter']);
    });

    it(
      'sales, wave-one route: /api/sales refuses bracketed and repeated parameters and ignores unknown ' + 'ones',
      async () => {
        const bracketed = await s().get('/api/sales?processed[]=true').set('x-api-key', key).expect(400);
        expect(bracketed.body.error).to.deep.equal(['processed[] is not a known parameter']);
        const repeated = await s()
          .get('/api/sales?processed=true&processed=false&limit=5&limit=6')
          .set('x-api-key', key)
          .expect(400);
        expect(repeated.body.error).to.have.members(['processed must be given once', 'limit must be given once']);
        await s().get('/api/sales?utm_source=crm').set('x-api-key', key).expect(200);
        const identifier = await s()
          .get('/sdr/interactions?identifier[$ne]=x&identifier_type=cpf')
          .set('x-api-key', key)
          .expect(400);
        expect(identifier.body.error).to.include('identifier[$ne] is not a known parameter');
        // A required parameter given twice is one problem, not also "is required".
        const twice = await s()
          .get('/sdr/interactions?identifier=a&identifier=b&identifier_type=phone')
          .set('x-api-key', key)
          .expect(400);
        expect(twice.body.error).to.deep.equal(['identifier must be given once']);
        const twiceRequired = await s().get('/sdr/contacts?limit=1&limit=2').set('x-api-key', key).expect(400);
        expect(twiceRequired.body.error).to.deep.equal(['limit must be given once']);
      },
    );

    it('sales, a route that reads no query: a bracketed parameter is 400 after the credential check', async () => {
      await s().get(`/vendors/${randomUUID()}?id[$ne]=1`).expect(401);
      const res = await s().get(`/vendors/${randomUUID()}?id[$ne]=1`).set('x-api-key', key).expect(400);
      expect(res.body).to.include({ statusCode: 400, message: 'Validation failed' });
      expect(res.body.error).to.deep.equal(['id[$ne] is not a known parameter']);
      await s().get(`/vendors/${randomUUID()}?anything=1`).set('x-api-key', key).expect(404);
    });

    it(
      'hub: /leads?stage[$ne]=x, a repeated stage and a route without a query answer 400 Validation error with ' +
        'details',
      async () => {
        const bracketed = await h()
          .get(`${HUB_PREFIX}/orgs/${orgId}/leads?stage[$ne]=x`)
          .set('authorization', owner)
          .expect(400);
        expect(bracketed.body).to.deep.equal({
          error: 'Validation error',
          details: { 'stage[$ne]': ['stage[$ne] is not a known parameter'] },
        });
        const repeated = await h()
          .get(`${HUB_PREFIX}/orgs/${orgId}/leads?stage=a&stage=b`)
          .set('authorization', owner)
          .expect(400);
        expect(repeated.body).to.deep.equal({
          error: 'Validation error',
          details: { stage: ['stage must be given once'] },
        });
        await h().get(`${HUB_PREFIX}/orgs/${orgId}/leads?utm_source=x`).set('authorization', owner).expect(200);
        const me = await h().get(`${HUB_PREFIX}/auth/me?x[]=1`).set('authorization', owner).expect(400);
        expect(me.body).to.deep.equal({
          error: 'Validation error',
          details: { 'x[]': ['x[] is not a known parameter'] },
        });
      },
    );
  });

  describe('free-text fields have a maximum length, stated in the document', () => {
    it('sales: POST /vendors with a 201-character name is 400; the schema says maxLength 200', async () => {
      const res = await s()
        .post('/vendors')
        .set('x-api-key', key)
        .send({
          vendorId: 'V-long',
          name: 'x'.repeat(201),
          store: 'Centro',
          phone: '1133334444',
          isActive: true,
          webhookEnabled: true,
        })
        .expect(400);
      expect(res.body.error).to.deep.equal(['name must be at most 200 characters']);
      await s()
        .post('/vendors')
        .set('x-api-key', key)
        .send({
          vendorId: 'V-long',
          name: 'x'.repeat(200),
          store: 'Centro',
          phone: '1133334444',
          isActive: true,
          webhookEnabled: true,
        })
        .expect(201);
      const document = (await s().get('/openapi.json').expect(200)).body;
      const schema = document.paths['/vendors'].post.requestBody.content['application/json'].schema;
      expect(schema.properties.name.maxLength).to.equal(200);
      expect(schema.properties.store.maxLength).to.equal(200);
    });

    it('sales: SDR notes up to 5,000 characters', async () => {
      const res = await s()
        .patch('/sdr/interactions/status')
        .set('x-api-key', key)
        .send({ identifier: '52998224725', identifier_type: 'cpf', status: 'qualified', notes: 'n'.repeat(5001) })
        .expect(400);
      expect(res.body.error).to.include('notes must be at most 5000 characters');
    });

    it(
      'hub: a channel name over 100 characters and a password over 256 are 400; the schema says ' + 'maxLength',
      async () => {
        const res = await h()
          .post(`${HUB_PREFIX}/orgs/${orgId}/channels`)
          .set('authorization', owner)
          .send({ name: 'c'.repeat(101), type: 'QR_CODE' })
          .expect(400);
        expect(res.body).to.deep.equal({
          error: 'Validation error',
          details: { name: ['name must be at most 100 characters'] },
        });
        // Characters are counted as people count them (code points): 100 emoji are 100 characters.
        await h()
          .post(`${HUB_PREFIX}/orgs/${orgId}/channels`)
          .set('authorization', owner)
          .send({ name: '🚗'.repeat(100), type: 'QR_CODE' })
          .expect(201);
        const register = await h()
          .post(`${HUB_PREFIX}/auth/register`)
          .send({ email: 'long@example.com', password: 'p'.repeat(257), name: 'Long', organizationName: 'Long Org' })
          .expect(400);
        expect(JSON.stringify(register.body)).to.contain('password must be at most 256 characters');
        const document = (await h().get(`${HUB_PREFIX}/openapi.json`).expect(200)).body;
        const schema = document.paths['/auth/register'].post.requestBody.content['application/json'].schema;
        expect(schema.properties.name.maxLength).to.equal(200);
        expect(schema.properties.email.maxLength).to.equal(254);
        expect(schema.properties.password.maxLength).to.equal(256);
      },
    );
  });

  describe('validation messages name the field and the rule in words', () => {
    it('sales: a section of the wrong type is "must be an object", never a codec name', async () => {
      const res = await s()
        .post('/api/sales/manual')
        .set('x-api-key', key)
        .send({ venda: 'x', pessoa: [], veiculo: 5 })
        .expect(400);
      const messages = res.body.error as string[];
      expect(messages).to.include.members([
        'venda must be an object',
        'pessoa must be an object',
        'veiculo must be an object or null',
      ]);
      expect(messages.join(' ')).not.to.match(/Exact|\{|\||Array</);
    });

    it('hub: a wrong type names the field', async () => {
      const res = await h()
        .post(`${HUB_PREFIX}/orgs/${orgId}/channels`)
        .set('authorization', owner)
        .send({ name: 5, type: 'QR_CODE' })
        .expect(400);
      expect(res.body).to.deep.equal({ error: 'Validation error', details: { name: ['name must be a string'] } });
    });
  });

  describe('POST /api/sales/{unknown id}/trigger-webhook', () => {
    it('is 404 without a webhook destination too', async () => {
      const unknown = randomUUID();
      const res = await s().post(`/api/sales/${unknown}/trigger-webhook`).set('x-api-key', key).expect(404);
      expect(res.body.message).to.equal(`Sale ${unknown} not found`);
    });
  });

  describe('a __proto__ or constructor key is refused with a message naming it', () => {
    for (const forbidden of ['__proto__', 'constructor']) {
      it(`sales and hub: ${forbidden} at the top or nested`, async () => {
        // The shapes the parser's prototype check refuses: any __proto__, a constructor carrying a prototype.
        const payload = forbidden === '__proto__' ? '{"isAdmin":true}' : '{"prototype":{"isAdmin":true}}';
        const top =
          '{"vendorId":"V-p","name":"P","store":"s","phone":"1","isActive":true,"webhookEnabled":true,' +
          `"${forbidden}":${payload}}`;
        const res = await s()
          .post('/vendors')
          .set('x-api-key', key)
          .set('content-type', 'application/json')
          .send(top)
          .expect(400);
        expect(res.body.message).to.equal('Invalid JSON body');
        expect(res.body.error).to.deep.equal([`body must not contain the key "${forbidden}"`]);
        const nested = `{"email":"a@example.com","password":{"${forbidden}":${payload}}}`;
        const hubRes = await h()
          .post(`${HUB_PREFIX}/auth/login`)
          .set('content-type', 'application/json')
          .send(nested)
          .expect(400);
        expect(hubRes.body).to.deep.equal({
          error: 'Invalid JSON body',
          details: { body: [`body must not contain the key "${forbidden}"`] },
        });
      });
    }

    it(
      'a body of a few hundred thousand array items is walked, not a 500: sales and hub answer their ' + '400',
      async () => {
        const wide = JSON.stringify(Array.from({ length: 400_000 }, () => 0));
        const sales = await s().post('/auth/login').set('content-type', 'application/json').send(wide);
        expect(sales.status).to.equal(400);
        const hub = await h().post(`${HUB_PREFIX}/auth/login`).set('content-type', 'application/json').send(wide);
        expect(hub.status).to.equal(400);
      },
    );

    it(
      'a plain constructor member is data, not refused by the body parser (a provider payload may carry ' + 'one)',
      async () => {
        const body =
          '{"vendorId":"V-c","name":"C","store":"s","phone":"1","isActive":true,"webhookEnabled":true,' +
          '"constructor":"x"}';
        const res = await s().post('/vendors').set('x-api-key', key).set('content-type', 'application/json').send(body);
        // Created: the member is stripped by the exact codec like any unknown key, never stored.
        expect(res.status).to.equal(201);
        expect(res.body).to.not.have.own.property('constructor');
      },
    );
  });
});
