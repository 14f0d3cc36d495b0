import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Db } from 'mongodb';
import { MongoPersonRepository } from '../../../../../src/adapters/mongo/sales/mongo-person-repository';
import { MongoSaleRepository } from '../../../../../src/adapters/mongo/sales/mongo-sale-repository';
import { DEFAULT_GATEWAY_MESSAGES } from '../../../../../src/adapters/mongo/sdr/gateway-messages-collection';
import { MongoSdrInteractionRepository } from '../../../../../src/adapters/mongo/sdr/mongo-sdr-interaction-repository';
import { ManualClock } from '../../../../support/fakes/fixed-clock';
import { sharedMongo } from '../../../../support/mongo';
import { openSalesRuntime, type SalesRuntime } from '../../../../support/sales-runtime';
import { person, sale, sdrInteraction } from '../../../../support/sales-fixtures';
import { rebinding } from '../../../../../src/composition/container';
import { Clock } from '../../../../../src/application/shared/ports';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const iso = (s: string) => new Date(s);
const secs = (s: string) => new Date(s).getTime() / 1000;
const DAY = 24 * 60 * 60 * 1000;

/** A message written straight into the gateway's collection, the way the gateway stores it. */
const message = (
  id: string,
  jid: string,
  at: string,
  extra: { fromMe?: boolean; pushName?: string; instance?: string; text?: string } = {},
) => ({
  instance: extra.instance ?? 'main',
  key: { id, remoteJid: jid, fromMe: extra.fromMe ?? false },
  pushName: extra.pushName ?? '',
  messageType: 'conversation',
  message: { conversation: extra.text ?? `text ${id}` },
  messageTimestamp: secs(at),
});

const ANA_JID = '551187654321@s.whatsapp.net'; // legacy mobile without its ninth digit: 5511987654321
const BRUNO_JID = '5521999998888@s.whatsapp.net';
/** A fixed web session id: its searched part must not be all digits (that is a phone search). */
const WEB = 'web-0f8fad5b-d9cb-469f-a165-70867728950e';

interface World {
  anaId: string;
  carlaId: string;
  webPersonId: string;
}

/**
 * A hand-built dataset (CONTRACT 8.1, 8.2), now = 2026-03-01T12:00Z:
 * - Ana 5511987654321: person with 2 sales, 2 interactions (the newer one `converted`), 3 chat messages
 *   on her legacy jid; last activity Feb 28 09:00 (active).
 * - Bruno 5521999998888: chats only, in two instances (2 + 1 messages), pushName Bruno; last Jan 20 (inactive).
 * - a web session: one interaction converted_to_lead, minimal person without a name; Feb 28 15:00 (active).
 * - Carla 5531988887777: a minimal person, one interaction on Jan 1 (inactive), no sale.
 * - a group message and a malformed document, ignored.
 */
async function seed(db: Db): Promise<World> {
  const people = new MongoPersonRepository(db);
  const sales = new MongoSaleRepository(db);
  const interactions = new MongoSdrInteractionRepository(db);
  const ana = await people.saveByCpf(
    person({
      fullName: 'Ana Souza',
      mobile: '5511987654321',
      residentialPhone: null,
      updatedAt: iso('2026-01-01T00:00:00Z'),
    }),
  );
  await sales.insert(sale(ana.id, { createdAt: iso('2026-02-01T10:00:00Z') }));
  await sales.insert(sale(ana.id, { createdAt: iso('2026-02-10T10:00:00Z') }));
  await interactions.insert(
    sdrInteraction({
      personId: ana.id,
      status: 'interested',
      result: 'interested',
      createdAt: iso('2026-02-20T10:00:00Z'),
      updatedAt: iso('2026-02-20T10:00:00Z'),
    }),
  );
  await interactions.insert(
    sdrInteraction({
      personId: ana.id,
      status: 'converted',
      channel: 'sms',
      createdAt: iso('2026-02-25T10:00:00Z'),
      updatedAt: iso('2026-02-26T10:00:00Z'),
    }),
  );
  const webPerson = await people.saveByCpf(person({ fullName: '', cpf: null, mobile: null, residentialPhone: null }));
  await interactions.insert(
    sdrInteraction({
      personId: webPerson.id,
      phone: null,
      phoneKey: null,
      sessionId: WEB,
      convertedToLead: true,
      status: 'interested',
      createdAt: iso('2026-02-28T15:00:00Z'),
      updatedAt: iso('2026-02-28T15:00:00Z'),
    }),
  );
  const carla = await people.saveByCpf(
    person({ fullName: 'Carla Dias', cpf: null, mobile: '5531988887777', residentialPhone: null }),
  );
  await interactions.insert(
    sdrInteraction({
      personId: carla.id,
      phone: '5531988887777',
      phoneKey: '3188887777',
      createdAt: iso('2026-01-01T08:00:00Z'),
      updatedAt: iso('2026-01-01T08:00:00Z'),
    }),
  );
  await db
    .collection(DEFAULT_GATEWAY_MESSAGES)
    .insertMany([
      message('A1', ANA_JID, '2026-02-27T10:00:00Z', { pushName: 'Aninha' }),
      message('A2', ANA_JID, '2026-02-27T10:05:00Z', { fromMe: true, pushName: 'Corretora' }),
      message('A3', ANA_JID, '2026-02-28T09:00:00Z', { text: 'pode ser amanhã' }),
      message('B1', BRUNO_JID, '2026-01-10T10:00:00Z', { pushName: 'Bruno' }),
      message('B2', BRUNO_JID, '2026-01-10T10:01:00Z', { fromMe: true }),
      message('B3', BRUNO_JID, '2026-01-20T10:00:00Z', { instance: 'other' }),
      message('G1', '120363000000000000@g.us', '2026-02-28T11:00:00Z', { pushName: 'Grupo' }),
      { instance: 'main', key: { id: 'BAD', remoteJid: BRUNO_JID }, messageTimestamp: secs('2026-02-28T11:30:00Z') },
    ]);
  return { anaId: ana.id, carlaId: carla.id, webPersonId: webPerson.id };
}

describe('GET /sdr/sessions and GET /sdr/contacts (CONTRACT 8.1, 8.2)', () => {
  let rt: SalesRuntime;
  let key: string;
  let world: World;

  before(async () => {
    rt = await openSalesRuntime({ overrides: { rebind: [rebinding(Clock, new ManualClock(NOW))] } });
    const user = await rt.createUser({ role: 'operator' });
    key = (await rt.createApiKey(user.email)).key;
    world = await seed(rt.db);
  });
  after(async () => {
    await rt.close();
  });

  const get = (path: string) => request(rt.callback).get(path).set('x-api-key', key);
  const ids = (body: { data: { sessionId: string }[] }) => body.data.map((c) => c.sessionId);

  describe('sessions', () => {
    it(
      'lists one-to-one chats per instance, newest last message first, with the inbound pushName and the person ' +
        'of the phone',
      async () => {
        const res = await get('/sdr/sessions').expect(200);
        expect(res.body).to.include({ total: 3, page: 1, limit: 20, hasMore: false });
        expect(res.body.data.map((s: { id: string }) => s.id)).to.deep.equal([
          `main:${ANA_JID}`,
          `other:${BRUNO_JID}`,
          `main:${BRUNO_JID}`,
        ]);
        expect(res.body.data[0]).to.deep.equal({
          id: `main:${ANA_JID}`,
          instance: 'main',
          remoteJid: ANA_JID,
          phone: '5511987654321',
          pushName: 'Aninha',
          messageCount: 3,
          firstMessageAt: '2026-02-27T10:00:00.000Z',
          lastMessage: {
            id: 'A3',
            text: 'pode ser amanhã',
            fromMe: false,
            type: 'conversation',
            at: '2026-02-28T09:00:00.000Z',
          },
          personId: world.anaId,
        });
        expect(res.body.data[2]).to.include({
          pushName: 'Bruno',
          messageCount: 2,
          personId: null,
          phone: '5521999998888',
        });
      },
    );

    it(
      'computes count, first message and order over the messages of the date range; filters by instance; ' + 'pages',
      async () => {
        const ranged = await get('/sdr/sessions?dateFrom=2026-02-27T10:01:00Z&dateTo=2026-03-01').expect(200);
        expect(ranged.body.total).to.equal(1);
        expect(ranged.body.data[0]).to.include({ messageCount: 2, firstMessageAt: '2026-02-27T10:05:00.000Z' });
        const january = await get('/sdr/sessions?dateTo=2026-01-31').expect(200);
        expect(january.body.data.map((s: { id: string }) => s.id)).to.deep.equal([
          `other:${BRUNO_JID}`,
          `main:${BRUNO_JID}`,
        ]);
        const other = await get('/sdr/sessions?instance=other').expect(200);
        expect(other.body).to.include({ total: 1 });
        const page2 = await get('/sdr/sessions?limit=2&page=2').expect(200);
        expect(page2.body).to.include({ total: 3, page: 2, limit: 2, hasMore: false });
        expect(page2.body.data.map((s: { id: string }) => s.id)).to.deep.equal([`main:${BRUNO_JID}`]);
        const page1 = await get('/sdr/sessions?limit=2').expect(200);
        expect(page1.body.hasMore).to.equal(true);
      },
    );
  });

  describe('contacts', () => {
    it(
      'merges interactions and chats by canonical phone, with web-session contacts, newest lastInteraction ' + 'first',
      async () => {
        const res = await get('/sdr/contacts').expect(200);
        expect(res.body).to.include({ total: 4, page: 1, limit: 20, hasMore: false });
        expect(ids(res.body)).to.deep.equal([WEB, '5511987654321', '5521999998888', '5531988887777']);
        const [web, ana, bruno, carla] = res.body.data;
        expect(ana).to.deep.equal({
          sessionId: '5511987654321',
          phone: '5511987654321',
          name: 'Ana Souza',
          personId: world.anaId,
          registered: true,
          firstInteraction: '2026-02-20T10:00:00.000Z',
          lastInteraction: '2026-02-28T09:00:00.000Z',
          interactionCount: 2,
          messageCount: 3,
          status: 'converted',
          channel: 'sms',
          converted: true,
          qualified: true,
          salesCount: 2,
          lastSaleAt: '2026-02-10T10:00:00.000Z',
        });
        expect(bruno).to.deep.equal({
          sessionId: '5521999998888',
          phone: '5521999998888',
          name: 'Bruno',
          personId: null,
          registered: false,
          firstInteraction: '2026-01-10T10:00:00.000Z',
          lastInteraction: '2026-01-20T10:00:00.000Z',
          interactionCount: 0,
          messageCount: 3,
          status: null,
          channel: null,
          converted: false,
          qualified: false,
          salesCount: 0,
          lastSaleAt: null,
        });
        expect(web).to.include({
          sessionId: WEB,
          phone: null,
          name: null,
          personId: world.webPersonId,
          registered: true,
          converted: true,
          qualified: false,
          messageCount: 0,
          interactionCount: 1,
          status: 'interested',
        });
        expect(carla).to.include({
          name: 'Carla Dias',
          personId: world.carlaId,
          registered: true,
          status: 'no_response',
          lastInteraction: '2026-01-01T08:00:00.000Z',
        });
        expect(res.body.metrics).to.deep.equal({
          totalContacts: 4,
          activeContacts: 2,
          conversionRate: 0.25,
          totalMessages: 6,
          sdrDisparos: 4,
          sdrConvertidos: 2,
          sdrTaxaConversao: 50,
        });
      },
    );

    it('computes the metrics over the whole filtered set, not the page', async () => {
      const res = await get('/sdr/contacts?status=active&limit=1').expect(200);
      expect(res.body).to.include({ total: 2, hasMore: true });
      expect(res.body.data).to.have.length(1);
      expect(res.body.metrics).to.deep.equal({
        totalContacts: 2,
        activeContacts: 2,
        conversionRate: 0.5,
        totalMessages: 3,
        sdrDisparos: 3,
        sdrConvertidos: 2,
        sdrTaxaConversao: 66.67,
      });
      const none = await get('/sdr/contacts?search=0000000').expect(200);
      expect(none.body).to.deep.include({ data: [], total: 0, hasMore: false });
      expect(none.body.metrics).to.deep.equal({
        totalContacts: 0,
        activeContacts: 0,
        conversionRate: 0,
        totalMessages: 0,
        sdrDisparos: 0,
        sdrConvertidos: 0,
        sdrTaxaConversao: 0,
      });
    });

    it('applies each filter', async () => {
      const cases: [string, string[]][] = [
        ['status=active', [WEB, '5511987654321']],
        ['status=inactive', ['5521999998888', '5531988887777']],
        ['status=all', [WEB, '5511987654321', '5521999998888', '5531988887777']],
        ['registered=false', ['5521999998888']],
        ['registered=true', [WEB, '5511987654321', '5531988887777']],
        ['qualified=true', ['5511987654321']],
        ['converted=false', [WEB, '5521999998888', '5531988887777']],
        ['qualified=true&converted=false', ['5511987654321']],
        ['qualified=all&converted=true', [WEB, '5511987654321', '5521999998888', '5531988887777']],
        ['search=8765', ['5511987654321']],
        ['search=(21) 99999', ['5521999998888']],
        ['search=AD5B-D9CB', [WEB]],
        ['search=web-', [WEB]],
        ['dateFrom=2026-02-01&dateTo=2026-02-28T10:00:00Z', ['5511987654321']],
        ['dateFrom=2026-01-20T10:00:00Z&dateTo=2026-01-20T10:00:00Z', ['5521999998888']],
        ['dateFrom=2026-02-28T09:00:00Z', [WEB, '5511987654321']],
        ['search=55&status=active&qualified=true', ['5511987654321']],
      ];
      for (const [query, expected] of cases) {
        const res = await get(`/sdr/contacts?${query.replace(/ /g, '%20')}`).expect(200);
        expect(ids(res.body), query).to.deep.equal(expected);
        expect(res.body.total, query).to.equal(expected.length);
      }
    });

    it('sorts by each column in both directions (contacts without a name last), and pages', async () => {
      const cases: [string, string[]][] = [
        ['sortBy=name&sortOrder=asc', ['5511987654321', '5521999998888', '5531988887777', WEB]],
        ['sortBy=name', ['5531988887777', '5521999998888', '5511987654321', WEB]],
        ['sortBy=messageCount', ['5511987654321', '5521999998888', '5531988887777', WEB]],
        ['sortBy=interactionCount&sortOrder=asc', ['5521999998888', '5531988887777', WEB, '5511987654321']],
        ['sortBy=firstInteraction&sortOrder=asc', ['5531988887777', '5521999998888', '5511987654321', WEB]],
        ['sortBy=lastInteraction&sortOrder=asc', ['5531988887777', '5521999998888', '5511987654321', WEB]],
      ];
      for (const [query, expected] of cases)
        expect(ids((await get(`/sdr/contacts?${query}`).expect(200)).body), query).to.deep.equal(expected);
      const page2 = await get('/sdr/contacts?limit=1&page=2').expect(200);
      expect(page2.body).to.include({ total: 4, page: 2, limit: 1, hasMore: true });
      expect(ids(page2.body)).to.deep.equal(['5511987654321']);
      const last = await get('/sdr/contacts?limit=3&page=2').expect(200);
      expect(last.body).to.include({ hasMore: false });
      expect(ids(last.body)).to.deep.equal(['5531988887777']);
      expect((await get('/sdr/contacts?page=9').expect(200)).body).to.deep.include({
        data: [],
        total: 4,
        hasMore: false,
      });
    });
  });

  describe('bad input and credentials', () => {
    it('answers 400 with one message per problem', async () => {
      const cases: [string, string, string[]][] = [
        ['/sdr/contacts', 'page=0', ['page must be an integer from 1 to 1000000']],
        ['/sdr/contacts', 'limit=0', ['limit must be an integer from 1 to 100']],
        ['/sdr/sessions', 'limit=101', ['limit must be an integer from 1 to 100']],
        ['/sdr/sessions', 'dateFrom=yesterday', ['dateFrom must be an ISO 8601 date']],
        ['/sdr/contacts', 'dateFrom=2026-02-02&dateTo=2026-02-01', ['dateFrom must not be after dateTo']],
        ['/sdr/sessions', 'dateFrom=2026-02-02&dateTo=2026-02-01', ['dateFrom must not be after dateTo']],
        [
          '/sdr/contacts',
          'status=dormant&registered=maybe',
          ['status must be one of active, inactive, all', 'registered must be one of true, false, all'],
        ],
        [
          '/sdr/contacts',
          'qualified=yes&converted=no',
          ['qualified must be one of true, false, all', 'converted must be one of true, false, all'],
        ],
        [
          '/sdr/contacts',
          'sortBy=cpf&sortOrder=up',
          [
            'sortBy must be one of lastInteraction, firstInteraction, messageCount, interactionCount, name',
            'sortOrder must be one of asc, desc',
          ],
        ],
        ['/sdr/contacts', 'status[$ne]=active', ['status[$ne] is not a known parameter']],
        ['/sdr/contacts', 'status=active&status=all', ['status must be given once']],
        ['/sdr/sessions', 'instance[$regex]=.*', ['instance[$regex] is not a known parameter']],
      ];
      for (const [path, query, messages] of cases) {
        const res = await get(`${path}?${query}`).expect(400);
        expect(res.body, query).to.include({ statusCode: 400 });
        expect(res.body.error, query).to.deep.equal(messages);
      }
    });

    it('needs an API key (401 without or with an unknown one)', async () => {
      for (const path of ['/sdr/sessions', '/sdr/contacts']) {
        await request(rt.callback).get(path).expect(401);
        await request(rt.callback).get(path).set('x-api-key', 'f'.repeat(64)).expect(401);
      }
    });
  });
});

describe('GET /sdr/contacts: the 30-day boundary of active', () => {
  let rt: SalesRuntime;
  let key: string;
  before(async () => {
    rt = await openSalesRuntime({ overrides: { rebind: [rebinding(Clock, new ManualClock(NOW))] } });
    key = (await rt.createApiKey((await rt.createUser({})).email)).key;
    const interactions = new MongoSdrInteractionRepository(rt.db);
    const exactly = new Date(NOW.getTime() - 30 * DAY);
    const justUnder = new Date(NOW.getTime() - 30 * DAY + 1);
    await interactions.insert(
      sdrInteraction({ phone: '5511911110000', phoneKey: '1111110000', createdAt: exactly, updatedAt: exactly }),
    );
    await interactions.insert(
      sdrInteraction({ phone: '5511922220000', phoneKey: '1122220000', createdAt: justUnder, updatedAt: justUnder }),
    );
  });
  after(async () => {
    await rt.close();
  });

  it('a last interaction exactly 30 days old is inactive; one millisecond younger is active', async () => {
    const active = await request(rt.callback).get('/sdr/contacts?status=active').set('x-api-key', key).expect(200);
    expect(active.body.data.map((c: { sessionId: string }) => c.sessionId)).to.deep.equal(['5511922220000']);
    expect(active.body.metrics.activeContacts).to.equal(1);
    const inactive = await request(rt.callback).get('/sdr/contacts?status=inactive').set('x-api-key', key).expect(200);
    expect(inactive.body.data.map((c: { sessionId: string }) => c.sessionId)).to.deep.equal(['5511911110000']);
  });
});

describe(
  'GET /sdr/sessions: the gateway store in a database of its own (GATEWAY_MONGODB_URI, ' +
    'GATEWAY_MESSAGES_COLLECTION)',
  () => {
    let rt: SalesRuntime;
    let key: string;
    const gatewayDbName = `gw_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    before(async () => {
      const gatewayUri = new URL(sharedMongo().uri);
      gatewayUri.pathname = `/${gatewayDbName}`;
      rt = await openSalesRuntime({
        env: { GATEWAY_MONGODB_URI: gatewayUri.toString(), GATEWAY_MESSAGES_COLLECTION: 'evolution_messages' },
        overrides: { rebind: [rebinding(Clock, new ManualClock(NOW))] },
      });
      key = (await rt.createApiKey((await rt.createUser({})).email)).key;
    });
    after(async () => {
      await rt.close();
    });

    it('reads the messages the gateway wrote there, and nothing from the service database', async () => {
      const gatewayDb = rt.db.client.db(gatewayDbName);
      await gatewayDb
        .collection('evolution_messages')
        .insertOne(message('E1', ANA_JID, '2026-02-27T10:00:00Z', { pushName: 'Aninha' }));
      await rt.db.collection(DEFAULT_GATEWAY_MESSAGES).insertOne(message('X1', BRUNO_JID, '2026-02-27T10:00:00Z'));
      const res = await request(rt.callback).get('/sdr/sessions').set('x-api-key', key).expect(200);
      expect(res.body.data.map((s: { id: string }) => s.id)).to.deep.equal([`main:${ANA_JID}`]);
      expect(res.body.data[0]).to.include({ pushName: 'Aninha', messageCount: 1 });
    });
  },
);
