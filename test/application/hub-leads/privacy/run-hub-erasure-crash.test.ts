import { expect } from 'chai';
import request from 'supertest';
import { hubLeadHoldings } from '../../../../src/adapters/mongo/hub-leads/privacy/hub-lead-holdings';
import { MongoHubErasureStore } from '../../../../src/adapters/mongo/hub-leads/privacy/mongo-hub-erasure-store';
import type { MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';
import { SystemClock } from '../../../../src/adapters/system/system-clock';
import { RunHubErasure } from '../../../../src/application/hub-leads/privacy/hub-erasure';
import { crashingDb } from '../../../support/crashing-db';
import { CrashSwitch, ProcessDied } from '../../../support/fakes/crash-switch';
import { hubHarness, type HubHarness } from '../../../support/hub';
import { connectTestDatabase } from '../../../support/mongo';

const SUBJECT = { name: 'Renata Crashova', phone: '(21) 98888-7777', email: 'renata.crashova@example.com' };
const OTHER = { name: 'Otavio Kept', phone: '(21) 97777-6666', email: 'otavio.kept@example.com' };
const HUB_COLLECTIONS = ['hub_leads', 'hub_lead_events', 'hub_outbox', 'hub_webhook_receipts', 'hub_privacy_erasures'];

/**
 * CONTRACT 10.2 class (c), 12.3, 12.4: a hub erasure answered 202 and killed before each of its writes (the
 * counts, every outbox and event delete, every lead update, the final update) is completed by the next run (what
 * serve's start and tick and `privacy erase --org` call): then none of the subject's values is left in the
 * organization's documents, the other lead keeps its values, the request is done with the counts of a run that
 * was never killed and without its subject. Each round uses its own organization on one database.
 */
describe('RunHubErasure killed before each of its writes (CONTRACT 10.2, 12.4)', function () {
  this.timeout(120_000);
  let mongo: MongoConnection;
  let hub: HubHarness;
  before(async () => {
    mongo = await connectTestDatabase();
    hub = await hubHarness(mongo, { overrides: { hubWebhookRateLimit: { limit: 10_000, windowMs: 60_000 } } });
  });
  after(async () => {
    await mongo.close();
  });

  async function world(): Promise<{ orgId: string; id: string }> {
    const orgId = await hub.createOrg(`Crash ${Math.random().toString(36).slice(2)}`);
    await hub.composition.hubLeads.useCases.createLeadTemplate.execute({
      orgId,
      name: 'Fiat',
      active: true,
      pipelineExternalId: 'forms',
      conditions: [{ path: 'interests.brand', value: 'Fiat' }],
      message: 'Olá {{contact.name}}',
    });
    const form = (id: string, contact: typeof SUBJECT, extra = {}) =>
      request(hub.app.callback())
        .post(`/api/v1/webhooks/${orgId}/leadprovider`)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ id, contact, interests: { brand: 'Fiat' }, ...extra }))
        .expect(200);
    await form('s-1', SUBJECT);
    await form('s-1', SUBJECT, { note: 'again' });
    await form('s-2', { ...SUBJECT, phone: '(21) 3333-4444' });
    await form('o-1', OTHER);
    const requested = await hub.composition.hubPrivacy.useCases.requestErasure.execute({
      orgId,
      identifier: { kind: 'email', value: SUBJECT.email },
      reason: 'pedido do titular',
    });
    return { orgId, id: requested.id };
  }

  function crashingRun(crash: CrashSwitch): RunHubErasure {
    const db = crashingDb(mongo.db, crash);
    return new RunHubErasure(new MongoHubErasureStore(db), hubLeadHoldings(db), new SystemClock());
  }

  async function orgText(orgId: string): Promise<string> {
    const docs = [];
    for (const name of HUB_COLLECTIONS) docs.push(...(await mongo.db.collection(name).find({}).toArray()));
    return JSON.stringify(docs.filter((d) => JSON.stringify(d).includes(orgId))).toLowerCase();
  }

  const expectErased = async (orgId: string, label: string) => {
    const text = await orgText(orgId);
    for (const value of [SUBJECT.name, '98888-7777', '988887777', '33334444', SUBJECT.email]) {
      expect(text, `${label}: ${value}`).not.to.contain(value.toLowerCase());
    }
    for (const value of [OTHER.name, '5521977776666', OTHER.email]) {
      expect(text, `${label}: the other lead's ${value}`).to.contain(value.toLowerCase());
    }
  };

  it('killed before write n, for every n, the next run completes it with the counts of an unkilled run', async () => {
    const twin = await world();
    const twinCrash = new CrashSwitch();
    const pending = await hub.composition.hubPrivacy.useCases.getErasure.execute(twin.orgId, twin.id);
    if (pending._tag === 'Left') throw new Error('no erasure');
    await crashingRun(twinCrash).execute(pending.right);
    const done = await hub.composition.hubPrivacy.useCases.getErasure.execute(twin.orgId, twin.id);
    const expected = done._tag === 'Right' ? done.right.counts : undefined;
    expect(expected).to.deep.equal({ leadOutbox: 2, leadEvents: 3, leads: 2 });
    await expectErased(twin.orgId, 'unkilled');
    const writes = twinCrash.made;
    expect(writes).to.be.greaterThan(4);
    for (let n = 1; n <= writes; n += 1) {
      const { orgId, id } = await world();
      const crash = new CrashSwitch();
      crash.failWrite(n);
      const erasure = await hub.composition.hubPrivacy.useCases.getErasure.execute(orgId, id);
      if (erasure._tag === 'Left') throw new Error('no erasure');
      let died: unknown;
      await crashingRun(crash)
        .execute(erasure.right)
        .catch((error: unknown) => (died = error));
      expect(died, `write ${n}`).to.be.instanceOf(ProcessDied);
      const completed = await hub.composition.hubPrivacy.useCases.completePendingErasures.execute(orgId);
      expect(completed, `killed before ${crash.writes[n - 1] ?? n}: the next run finds it pending`).to.equal(1);
      const after = await hub.composition.hubPrivacy.useCases.getErasure.execute(orgId, id);
      if (after._tag === 'Left') throw new Error('gone');
      expect(after.right.status, `write ${n}`).to.equal('done');
      expect(after.right.counts, `counts after a kill before write ${n}`).to.deep.equal(expected);
      expect(after.right.subject, `write ${n}: the identifier dropped`).to.equal(null);
      await expectErased(orgId, `killed before ${crash.writes[n - 1] ?? n}`);
    }
  });
});
