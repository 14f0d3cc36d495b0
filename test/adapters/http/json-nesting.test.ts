import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { MongoConnection } from '../../../src/adapters/mongo/shared/mongo-connection';
import { salesCollection } from '../../../src/adapters/mongo/sales/sales-collection';
import { hubHarness, type HubHarness } from '../../support/hub';
import { addTemplate, createOrgWithSecret } from '../../support/hub-webhooks';
import { connectTestDatabase } from '../../support/mongo';
import { openSalesRuntime, type SalesRuntime } from '../../support/sales-runtime';

/** JSON text of `levels` nested levels: objects and arrays alternate, the innermost holds a string. */
function nested(levels: number): string {
  let text = '"bottom"';
  for (let level = levels; level >= 1; level -= 1) text = level % 2 === 0 ? `[${text}]` : `{"n":${text}}`;
  return text;
}

/** Objects only: what the lead-form flattening walks into. */
const nestedObjects = (levels: number): string =>
  `${'{"n":'.repeat(levels - 1)}{"n":"bottom"}${'}'.repeat(levels - 1)}`;

const TOO_DEEP = ['JSON body is nested deeper than 32 levels'];

/** CONTRACT 7 "Nesting": the body is level 1, each object or array one more; past 32 levels, 400. */
describe('JSON bodies nested deeper than 32 levels', () => {
  it('the helper builds exactly the depth asked for', () => {
    expect(nested(1)).to.equal('{"n":"bottom"}');
    expect(nested(3)).to.equal('{"n":[{"n":"bottom"}]}');
    expect(nestedObjects(2)).to.equal('{"n":{"n":"bottom"}}');
  });

  describe('hub', () => {
    let mongo: MongoConnection;
    let hub: HubHarness;
    before(async () => {
      mongo = await connectTestDatabase();
      hub = await hubHarness(mongo, { overrides: { hubWebhookRateLimit: { limit: 10_000, windowMs: 60_000 } } });
    });
    after(async () => {
      await mongo.close();
    });

    const leadCounts = async () => {
      const db = hub.composition.platform.db;
      return {
        leads: await db.collection('hub_leads').countDocuments(),
        events: await db.collection('hub_lead_events').countDocuments(),
      };
    };
    const postLead = (orgId: string, body: string) =>
      request(hub.app.callback())
        .post(`/api/v1/webhooks/${orgId}/leadprovider`)
        .set('Content-Type', 'application/json')
        .send(body);
    const form = (extra: string) =>
      `{"contact":{"name":"Ana","phone":"(11) 98765-4321"},"interests":{"brand":"Fiat"},"extra":${extra}}`;

    it(
      'a lead form 6,000 levels deep (an organization without a webhook secret) is 400 in the hub format, nothing ' +
        'stored',
      async () => {
        const orgId = await createOrgWithSecret(hub, `Deep ${randomUUID()}`);
        await addTemplate(hub, {
          orgId,
          name: 'Fiat',
          active: true,
          pipelineExternalId: 'forms',
          conditions: [],
          message: 'Olá',
        });
        const before = await leadCounts();
        await postLead(orgId, form(nestedObjects(6_000))).expect(400, {
          error: 'Invalid JSON body',
          details: { body: TOO_DEEP },
        });
        // 33 levels: the form is level 1, `extra` adds 32.
        await postLead(orgId, form(nested(32))).expect(400, {
          error: 'Invalid JSON body',
          details: { body: TOO_DEEP },
        });
        expect(await leadCounts()).to.deep.equal(before);
        // Exactly 32 levels, and brackets inside strings do not count.
        const ok = await postLead(orgId, form(nestedObjects(31))).expect(200);
        expect(ok.body).to.include({ ok: true, created: true });
        await postLead(orgId, form(`"${'['.repeat(100)}"`)).expect(200);
        await postLead(orgId, form(`${String.raw`"a\"`}${'{'.repeat(100)}"`)).expect(200);
      },
    );

    it('is rejected before any work: the credential is not even looked at', async () => {
      await request(hub.app.callback())
        .post('/api/v1/auth/logout')
        .set('Content-Type', 'application/json')
        .send(nested(33))
        .expect(400, { error: 'Invalid JSON body', details: { body: TOO_DEEP } });
      await request(hub.app.callback())
        .post('/api/v1/auth/logout')
        .set('Content-Type', 'application/json')
        .send(nested(32))
        .expect(401);
    });
  });

  describe('sales', () => {
    let rt: SalesRuntime;
    let key: string;
    before(async () => {
      rt = await openSalesRuntime();
      const user = await rt.createUser({ role: 'operator' });
      key = (await rt.createApiKey(user.email)).key;
    });
    after(async () => {
      await rt.close();
    });

    it('answers 400 in the sales error format before authentication, and nothing is stored', async () => {
      const tooDeep = await request(rt.callback)
        .post('/api/sales/manual')
        .set('Content-Type', 'application/json')
        .send(nested(33))
        .expect(400);
      expect(tooDeep.body).to.include({ statusCode: 400, message: 'Invalid JSON body', path: '/api/sales/manual' });
      expect(tooDeep.body.error).to.deep.equal(TOO_DEEP);
      // 32 levels pass the parser and reach the guard.
      await request(rt.callback)
        .post('/api/sales/manual')
        .set('Content-Type', 'application/json')
        .send(nested(32))
        .expect(401);

      const deepSale = `{"venda":{"sellerId":"S-1","sellerName":"Carla"},"pessoa":${nested(6_000)}}`;
      const res = await request(rt.callback)
        .post('/api/sales/manual')
        .set('x-api-key', key)
        .set('Content-Type', 'application/json')
        .send(deepSale)
        .expect(400);
      expect(res.body.error).to.deep.equal(TOO_DEEP);
      expect(await salesCollection(rt.db).countDocuments({})).to.equal(0);
    });

    it('hides the detail in production like every 400', async () => {
      const production = await openSalesRuntime({ env: { NODE_ENV: 'production' } });
      try {
        const res = await request(production.callback)
          .post('/api/sales/manual')
          .set('Content-Type', 'application/json')
          .send(nested(40))
          .expect(400);
        expect(res.body).to.include({ statusCode: 400, message: 'Bad Request - Invalid parameters' });
        expect(res.body).to.not.have.property('error');
      } finally {
        await production.close();
      }
    });
  });
});
