import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ObjectId, type Db } from 'mongodb';
import sinon from 'sinon';
import request from 'supertest';
import { DEFAULT_GATEWAY_MESSAGES } from '../../../../../src/adapters/mongo/sdr/gateway-messages-collection';
import { MongoGatewayMessageStore } from '../../../../../src/adapters/mongo/sdr/mongo-gateway-message-store';
import { chatReadModelCollection } from '../../../../../src/adapters/mongo/sdr/read-models/chat-read-model-collection';
import { contactReadModelCollection } from '../../../../../src/adapters/mongo/sdr/read-models/contact-read-model-collection';
import { followerStateCollection } from '../../../../../src/adapters/mongo/sdr/read-models/follower-state-collection';
import { followerStateId } from '../../../../../src/adapters/mongo/sdr/read-models/mongo-follower-state';
import { ReadModelSource } from '../../../../../src/adapters/mongo/sdr/read-models/read-model-source';
import { MongoChatReadModel } from '../../../../../src/adapters/mongo/sdr/read-models/mongo-chat-read-model';
import { MongoContactReadModel } from '../../../../../src/adapters/mongo/sdr/read-models/mongo-contact-read-model';
import { openSalesRuntime, type SalesRuntime } from '../../../../support/sales-runtime';

const secondsAgo = (s: number) => Math.floor(Date.now() / 1000) - s;

/** A message written straight into the gateway's collection, the way the gateway stores it. */
const message = (
  jid: string,
  at: number,
  extra: { fromMe?: boolean; pushName?: string; text?: string; _id?: ObjectId } = {},
) => ({
  ...(extra._id === undefined ? {} : { _id: extra._id }),
  instance: 'main',
  key: { id: randomUUID(), remoteJid: jid, fromMe: extra.fromMe ?? false },
  pushName: extra.pushName ?? 'Lead',
  messageType: 'conversation',
  message: { conversation: extra.text ?? 'oi' },
  messageTimestamp: at,
});

const phoneOf = (i: number) => `55119${String(70_000_000 + i)}`;
const jidOf = (i: number) => `${phoneOf(i)}@s.whatsapp.net`;

async function serve(rt: SalesRuntime): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    void rt.callback(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * The SDR read models (CONTRACT 10.1) seen from outside: what the gateway writes straight into its
 * store is in the next answer; late inserts with an older `_id`, deletes and in-place changes are
 * reconciled by the safety window, the sweep or `rebuild-sdr-read-models`; copies of the service
 * following one store agree and split the work.
 */
describe('SDR read models over HTTP (CONTRACT 10.1)', function () {
  this.timeout(60_000);
  let rt: SalesRuntime;
  let key: string;
  let gateway: ReturnType<Db['collection']>;

  const sessions = async (query = '') =>
    (await request(rt.callback).get(`/sdr/sessions${query}`).set('x-api-key', key).expect(200)).body;
  // The read models of the default gateway store (CONTRACT 8.1) in this database.
  const source = () => ReadModelSource.of(rt.db.databaseName, DEFAULT_GATEWAY_MESSAGES);
  const contacts = async (query = '') =>
    (await request(rt.callback).get(`/sdr/contacts${query}`).set('x-api-key', key).expect(200)).body;

  beforeEach(async () => {
    rt = await openSalesRuntime({ overrides: { sdrFollower: { lateWindowMs: 2_000 } } });
    key = (await rt.createApiKey((await rt.createUser({ role: 'operator' })).email)).key;
    gateway = rt.db.collection(DEFAULT_GATEWAY_MESSAGES);
  });
  afterEach(() => rt.close());

  it(
    'a gateway message inserted directly is in the very next /sdr/sessions and /sdr/contacts answer, and so is ' +
      'the next one',
    async () => {
      expect((await sessions()).total).to.equal(0);
      await gateway.insertOne(message(jidOf(1), secondsAgo(60), { pushName: 'Ana' }));
      const first = await sessions();
      expect(
        first.data.map((s: { remoteJid: string; messageCount: number; pushName: string }) => [
          s.remoteJid,
          s.messageCount,
          s.pushName,
        ]),
      ).to.deep.equal([[jidOf(1), 1, 'Ana']]);
      const contact = (await contacts()).data[0];
      expect([contact.sessionId, contact.messageCount, contact.name]).to.deep.equal([phoneOf(1), 1, 'Ana']);
      // The follower's position moved: a second message is folded in, not the first one again.
      await gateway.insertOne(message(jidOf(1), secondsAgo(30), { fromMe: true, pushName: 'Corretora', text: 'olá' }));
      expect((await contacts()).data[0].messageCount).to.equal(2);
      const chat = (await sessions()).data[0];
      expect([chat.messageCount, chat.lastMessage.text, chat.pushName]).to.deep.equal([2, 'olá', 'Ana']);
    },
  );

  it(
    'a record inserted later with an _id older than the follower position appears once the safety window has ' +
      'passed (settle), without a rebuild',
    async () => {
      await gateway.insertOne(message(jidOf(2), secondsAgo(120)));
      expect((await sessions()).total).to.equal(1);
      const head = (await followerStateCollection(rt.db).findOne({ _id: followerStateId(source()) }))?.head;
      expect(head).to.be.a('string');
      // Another writer whose clock lags: its ObjectId is a second older than the head.
      const old = ObjectId.createFromTime(new ObjectId(head as string).getTimestamp().getTime() / 1000 - 1);
      await gateway.insertOne(message(jidOf(3), secondsAgo(90), { _id: old }));
      expect((await sessions()).total, 'not followed: older than the position').to.equal(1);
      const rebuild = sinon.spy(rt.runtime.app.sdr.useCases.rebuildSdrReadModels, 'execute');
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(await rt.runtime.app.sdr.useCases.maintainSdrReadModels.settle()).to.equal(true);
      const after = await sessions();
      expect(after.data.map((s: { remoteJid: string }) => s.remoteJid).sort()).to.deep.equal([jidOf(2), jidOf(3)]);
      expect((await contacts()).total).to.equal(2);
      expect(rebuild.called).to.equal(false);
    },
  );

  it(
    'a record deleted or changed in place by the gateway is reconciled by rebuild-sdr-read-models (the sweep runs ' +
      'the same rebuild)',
    async () => {
      const ids = (
        await gateway.insertMany([
          message(jidOf(4), secondsAgo(300), { pushName: 'Bia' }),
          message(jidOf(4), secondsAgo(200), { fromMe: true }),
          message(jidOf(5), secondsAgo(100)),
        ])
      ).insertedIds;
      expect((await contacts()).metrics.totalMessages).to.equal(3);
      await gateway.deleteOne({ _id: ids[2] });
      await gateway.updateOne({ _id: ids[0] }, { $set: { pushName: 'Beatriz' } });
      expect((await contacts()).total, 'a delete is not a new record: not followed').to.equal(2);
      const counts = await rt.runtime.app.sdr.useCases.rebuildSdrReadModels.execute();
      expect(counts.chats).to.equal(2);
      const after = await contacts();
      expect(
        after.data.map((c: { sessionId: string; messageCount: number; name: string }) => [
          c.sessionId,
          c.messageCount,
          c.name,
        ]),
      ).to.deep.equal([[phoneOf(4), 2, 'Beatriz']]);
      expect(after.metrics.totalMessages).to.equal(2);
      expect((await sessions()).total).to.equal(1);
      expect(await chatReadModelCollection(rt.db).countDocuments({})).to.equal(1);
      expect(await contactReadModelCollection(rt.db).countDocuments({})).to.equal(1);
    },
  );

  it(
    'a document of an unexpected shape is skipped and logged, never a 500, and the position moves past ' + 'it',
    async () => {
      expect((await sessions()).total).to.equal(0);
      await gateway.insertMany([
        { instance: 'main', key: 'not a key', messageTimestamp: secondsAgo(10) },
        { instance: 42 },
        message(jidOf(6), secondsAgo(5)),
      ]);
      expect((await sessions()).total).to.equal(1);
      expect(rt.log.text()).to.include('unexpected shape');
      await gateway.insertOne(message(jidOf(7), secondsAgo(1)));
      expect((await sessions()).total).to.equal(2);
    },
  );

  it(
    'a refresh that died between its claim and its write leaves the document marked, and the repair puts it ' + 'right',
    async () => {
      await gateway.insertOne(message(jidOf(8), secondsAgo(50)));
      expect((await contacts()).data[0].messageCount).to.equal(1);
      // A refresh claims the contact and the chat, then its process dies before it reads and writes.
      const past = new Date(Date.now() - 120_000);
      await new MongoContactReadModel(rt.db, source()).claim([phoneOf(8)], past);
      await new MongoChatReadModel(rt.db, source()).claim([`main:${jidOf(8)}`], past);
      // Meanwhile the sources moved on without any refresh: the first message deleted, two written with old ids (not
      // followed).
      await gateway.deleteMany({});
      await gateway.insertOne(message(jidOf(8), secondsAgo(40), { _id: ObjectId.createFromTime(secondsAgo(3_600)) }));
      await gateway.insertOne(message(jidOf(8), secondsAgo(20), { _id: ObjectId.createFromTime(secondsAgo(3_599)) }));
      expect(
        (await contactReadModelCollection(rt.db).findOne({ _id: source().idOf(phoneOf(8)) }))?.dirtySince,
      ).to.deep.equal(past);
      const repaired = await rt.runtime.app.sdr.useCases.maintainSdrReadModels.repair(new Date(Date.now() - 60_000));
      expect([repaired.chats, repaired.contacts]).to.deep.equal([1, 1]);
      const contact = await contactReadModelCollection(rt.db).findOne({ _id: source().idOf(phoneOf(8)) });
      expect([contact?.messageCount, contact?.dirtySince]).to.deep.equal([2, null]);
      expect((await sessions()).data[0].messageCount).to.equal(2);
    },
  );

  it('interaction, person and sale writes through the API refresh the contact they touch', async () => {
    const phone = '5521987650001';
    const manualSale = (fullName: string) =>
      request(rt.callback)
        .post('/api/sales/manual')
        .set('x-api-key', key)
        .send({
          venda: { sellerId: 's1', sellerName: 'Vendedor' },
          pessoa: { fullName, cpf: '52998224725', mobile: '(21) 98765-0001' },
        })
        .expect(201);
    const sale = await manualSale('Carla Nunes');
    let contact = (await contacts(`?search=${phone}`)).data;
    expect(contact, 'a person alone is not a contact').to.deep.equal([]);
    await request(rt.callback)
      .post('/sdr/interactions')
      .set('x-api-key', key)
      .send({ phone, channel: 'whatsapp', result: 'interested' })
      .expect(201);
    contact = (await contacts(`?search=${phone}`)).data[0];
    expect([
      contact.interactionCount,
      contact.status,
      contact.registered,
      contact.qualified,
      contact.salesCount,
      contact.name,
    ]).to.deep.equal([1, 'interested', true, true, 1, 'Carla Nunes']);
    await request(rt.callback)
      .patch('/sdr/interactions/status')
      .set('x-api-key', key)
      .send({ identifier: phone, identifier_type: 'phone', status: 'converted' })
      .expect(200);
    contact = (await contacts(`?search=${phone}`)).data[0];
    expect([contact.status, contact.converted]).to.deep.equal(['converted', true]);
    // The same CPF again: the person is renamed and has a second sale.
    await manualSale('Carla Nunes Souza');
    contact = (await contacts(`?search=${phone}`)).data[0];
    expect([contact.name, contact.salesCount]).to.deep.equal(['Carla Nunes Souza', 2]);
    await request(rt.callback)
      .patch(`/api/sales/${sale.body.venda.id as string}/status`)
      .set('x-api-key', key)
      .send({ event: 'lead_forwarded' })
      .expect(200);
    expect((await contacts(`?search=${phone}`)).data[0].salesCount).to.equal(2);
  });
});

describe('SDR read models on two copies of the service sharing one database (CONTRACT 10.1, 10.3)', function () {
  this.timeout(120_000);
  let copies: { rt: SalesRuntime; server: Server; base: string }[];
  let key: string;

  beforeEach(async () => {
    const first = await openSalesRuntime();
    const second = await openSalesRuntime({ env: { MONGODB_URI: first.config.mongodbUri ?? '' } });
    key = (await first.createApiKey((await first.createUser({ role: 'operator' })).email)).key;
    copies = [
      { rt: first, ...(await serve(first)) },
      { rt: second, ...(await serve(second)) },
    ];
  });
  afterEach(async () => {
    for (const { rt, server } of copies) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rt.close();
    }
    sinon.restore();
  });

  const get = (base: string, path: string) =>
    fetch(`${base}${path}`, { headers: { 'x-api-key': key } }).then(async (res) => ({
      status: res.status,
      body: (await res.json()) as Record<string, unknown>,
    }));

  it('agree on every answer, and every new message is folded by exactly one of them', async () => {
    const db = copies[0]?.rt.db as Db;
    // Built once (the first request of either copy), then followed.
    await Promise.all(copies.map(({ base }) => get(base, '/sdr/sessions')));
    const reads = sinon.spy(MongoGatewayMessageStore.prototype, 'changedChats');
    const written = 600;
    await db
      .collection(DEFAULT_GATEWAY_MESSAGES)
      .insertMany(
        Array.from({ length: written }, (_, i) =>
          message(jidOf(100 + (i % 40)), secondsAgo(1_000 - i), { pushName: `Lead ${i % 40}` }),
        ),
      );
    const answers = await Promise.all(
      copies.flatMap(({ base }) =>
        ['/sdr/sessions?limit=100', '/sdr/contacts?limit=100&sortBy=name&sortOrder=asc'].flatMap((path) => [
          get(base, path),
          get(base, path),
        ]),
      ),
    );
    expect(answers.map((a) => a.status)).to.deep.equal(answers.map(() => 200));
    const [sessionsA, , contactsA, , sessionsB, , contactsB] = answers.map((a) => a.body);
    expect(sessionsB).to.deep.equal(sessionsA);
    expect(contactsB).to.deep.equal(contactsA);
    expect((sessionsA as { total: number }).total).to.equal(40);
    expect((contactsA as { metrics: { totalMessages: number } }).metrics.totalMessages).to.equal(written);
    // Probes read one message; folds read up to a batch. Together the folds read each new message once.
    const folded = await Promise.all(
      reads
        .getCalls()
        .filter((call) => (call.args[0] as { limit: number }).limit > 1)
        .map((call) => call.returnValue),
    );
    expect(folded.reduce((sum, r) => sum + r.read, 0)).to.equal(written);
  });

  it(
    'a copy whose last head is stale (the other copy folded since) still answers with every message: the one the ' +
      'other folded and the one written straight into the store after',
    async () => {
      const db = copies[0]?.rt.db as Db;
      const [a, b] = copies.map(({ base }) => base) as [string, string];
      await get(a, '/sdr/sessions');
      await get(b, '/sdr/sessions');
      const store = db.collection(DEFAULT_GATEWAY_MESSAGES);
      await store.insertOne(message(jidOf(500), secondsAgo(30)));
      const ofB = await get(b, '/sdr/sessions'); // folded by copy b: copy a's head is now behind the stored one
      const ofA = await get(a, '/sdr/sessions');
      expect(ofA.body).to.deep.equal(ofB.body);
      expect((ofA.body.data as { remoteJid: string }[]).map((s) => s.remoteJid)).to.deep.equal([jidOf(500)]);
      await store.insertOne(message(jidOf(501), secondsAgo(20)));
      const next = await get(a, '/sdr/sessions');
      expect((next.body.data as { remoteJid: string }[]).map((s) => s.remoteJid)).to.deep.equal([
        jidOf(501),
        jidOf(500),
      ]);
      expect((await get(b, '/sdr/sessions')).body).to.deep.equal(next.body);
    },
  );

  it(
    '20 concurrent first contacts of one unseen phone over both copies: one 201, the rest 200 with its id, and ' +
      'the contact counts one interaction',
    async () => {
      const phone = '5531988770000';
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          fetch(`${copies[i % 2]?.base as string}/sdr/interactions`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': key },
            body: JSON.stringify({ phone, channel: 'whatsapp', result: 'no_response' }),
          }).then(async (res) => ({
            status: res.status,
            body: (await res.json()) as { id: string },
          })),
        ),
      );
      const created = answers.filter((a) => a.status === 201);
      expect(created).to.have.length(1);
      expect(answers.filter((a) => a.status === 200)).to.have.length(19);
      expect(new Set(answers.map((a) => a.body.id))).to.deep.equal(new Set([created[0]?.body.id]));
      for (const { base } of copies) {
        const list = (await get(base, `/sdr/contacts?search=${phone}`)).body as {
          data: { interactionCount: number }[];
          metrics: { sdrDisparos: number };
        };
        expect(list.data.map((c) => c.interactionCount)).to.deep.equal([1]);
        expect(list.metrics.sdrDisparos).to.equal(1);
      }
    },
  );
});
