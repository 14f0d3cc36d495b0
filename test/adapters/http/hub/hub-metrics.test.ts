import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Overrides } from '../../../../src/composition-root';
import { hubHarness, type HubHarness } from '../../../support/hub';
import { addTemplate, createOrgWithSecret, signBody } from '../../../support/hub-webhooks';
import { sampleValue } from '../../../support/metrics';
import { useTestDatabase } from '../../../support/mongo';

const SECRET = 'metrics-webhook-secret-0123456789';
const DURATION_COUNT = 'brokerhub_http_request_duration_seconds_count';
const WEBHOOK_EVENTS = 'brokerhub_inbound_webhook_events_total';
const REJECTIONS = 'brokerhub_rate_limit_rejections_total';

describe('hub GET /api/v1/metrics (CONTRACT 9.2)', () => {
  const mongo = useTestDatabase();
  const harness = (overrides: Overrides = {}): Promise<HubHarness> => hubHarness(mongo(), { overrides });
  const scrape = async (hub: HubHarness): Promise<string> => {
    const res = await request(hub.app.callback()).get('/api/v1/metrics').expect(200);
    expect(res.headers['content-type']).to.equal('text/plain; version=0.0.4; charset=utf-8');
    return res.text;
  };
  const form = (brand = 'Fiat') =>
    JSON.stringify({ contact: { name: 'Ana', phone: '(11) 98765-4321' }, interests: { brand } });
  const postLead = async (hub: HubHarness, orgId: string, body: string, signature?: string) =>
    request(hub.app.callback())
      .post(`/api/v1/webhooks/${orgId}/leadprovider`)
      .set('Content-Type', 'application/json')
      .set('X-Webhook-Signature', signature ?? (await signBody(SECRET, body)))
      .send(body);

  it(
    "shows the request a test just made under its route pattern (the IP limiter's catch-all is never the " + 'route)',
    async () => {
      const hub = await harness();
      const orgId = randomUUID();
      const leadId = randomUUID();
      await request(hub.app.callback()).get(`/api/v1/orgs/${orgId}/leads/${leadId}`).expect(401);
      const stray = `/api/v1/webhooks/${randomUUID()}/nothing-here`;
      await request(hub.app.callback()).post(stray).expect(404);
      const text = await scrape(hub);
      expect(
        sampleValue(text, DURATION_COUNT, { method: 'GET', route: '/api/v1/orgs/:orgId/leads/:id', status: '401' }),
      ).to.equal(1);
      expect(sampleValue(text, DURATION_COUNT, { method: 'POST', route: 'unmatched', status: '404' })).to.equal(1);
      for (const raw of [orgId, leadId, stray, '{*path}']) expect(text).not.to.contain(raw);
      expect(sampleValue(text, 'process_cpu_user_seconds_total')).to.be.a('number');
    },
  );

  it('counts inbound webhooks by provider and outcome', async () => {
    const hub = await harness();
    const orgId = await createOrgWithSecret(hub, `Metrics ${randomUUID()}`, SECRET);
    await addTemplate(hub, {
      orgId,
      name: 'Fiat',
      active: true,
      pipelineExternalId: 'forms',
      conditions: [{ path: 'interests.brand', value: 'Fiat' }],
      message: 'Olá',
    });
    const events = async (provider: string, outcome: string) =>
      sampleValue(await scrape(hub), WEBHOOK_EVENTS, { provider, outcome });
    expect(await events('leadprovider', 'processed')).to.equal(0);

    expect((await postLead(hub, orgId, form())).body).to.include({ ok: true, created: true });
    expect(await events('leadprovider', 'processed')).to.equal(1);
    expect((await postLead(hub, orgId, form('VW'))).body).to.deep.equal({ message: 'No active template' });
    expect(await events('leadprovider', 'skipped')).to.equal(1);
    expect((await postLead(hub, orgId, form(), 'sha256=00')).status).to.equal(401);
    expect(await events('leadprovider', 'bad_signature')).to.equal(1);
    expect((await postLead(hub, randomUUID(), form())).status).to.equal(404);
    expect(await events('leadprovider', 'unknown_organization')).to.equal(1);
    expect((await postLead(hub, orgId, '{"contact": {}}')).status).to.equal(400);
    expect(await events('leadprovider', 'invalid_payload')).to.equal(1);

    const crm = JSON.stringify({ data: { action: 'card.other' } });
    await request(hub.app.callback())
      .post(`/api/v1/webhooks/${orgId}/crm/crmprovider`)
      .set('Content-Type', 'application/json')
      .set('X-Crm-Signature', await signBody(SECRET, crm))
      .send(crm)
      .expect(200, { ok: true, skipped: 'unrecognized event' });
    expect(await events('crmprovider', 'skipped')).to.equal(1);
    expect(await events('crmprovider', 'processed')).to.equal(0);
  });

  it('counts the 429s of the IP limiter and of the organization limiter, each under its name', async () => {
    const hub = await harness({
      hubIpRateLimit: { limit: 2, windowMs: 300_000 },
      hubWebhookRateLimit: { limit: 1, windowMs: 60_000 },
    });
    const orgId = await createOrgWithSecret(hub, `Limited ${randomUUID()}`, SECRET);
    const rejections = async (limiter: string) => sampleValue(await scrape(hub), REJECTIONS, { limiter });
    expect(await rejections('hub_webhook_organization')).to.equal(0);
    expect(await rejections('hub_ip_path')).to.equal(0);

    expect((await postLead(hub, orgId, form('VW'))).status).to.equal(200);
    expect((await postLead(hub, orgId, form('VW'))).status).to.equal(429);
    expect(await rejections('hub_webhook_organization')).to.equal(1);
    expect(
      sampleValue(await scrape(hub), WEBHOOK_EVENTS, { provider: 'leadprovider', outcome: 'rate_limited' }),
    ).to.equal(1);

    // Third request from this IP to this path: refused before any route runs, labelled with the route it was for.
    expect((await postLead(hub, orgId, form('VW'))).status).to.equal(429);
    const text = await scrape(hub);
    expect(sampleValue(text, REJECTIONS, { limiter: 'hub_ip_path' })).to.equal(1);
    expect(
      sampleValue(text, DURATION_COUNT, {
        method: 'POST',
        route: '/api/v1/webhooks/:orgId/leadprovider',
        status: '429',
      }),
    ).to.equal(2);
  });
});
