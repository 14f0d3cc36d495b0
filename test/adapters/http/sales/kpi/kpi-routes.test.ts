import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Db } from 'mongodb';
import sinon from 'sinon';
import request from 'supertest';
import { MongoPersonRepository } from '../../../../../src/adapters/mongo/sales/mongo-person-repository';
import { MongoSaleRepository } from '../../../../../src/adapters/mongo/sales/mongo-sale-repository';
import { DEFAULT_GATEWAY_MESSAGES } from '../../../../../src/adapters/mongo/sdr/gateway-messages-collection';
import { toSdrInteractionDocument } from '../../../../../src/adapters/mongo/sdr/sdr-interaction-mapper';
import { sdrInteractionsCollection } from '../../../../../src/adapters/mongo/sdr/sdr-interactions-collection';
import type { SdrInteraction } from '../../../../../src/domain/sdr/interaction';
import { ManualClock } from '../../../../support/fakes/fixed-clock';
import { person, sale, sdrInteraction } from '../../../../support/sales-fixtures';
import { cookieValueOf, openSalesRuntime, type SalesRuntime } from '../../../../support/sales-runtime';
import { rebinding } from '../../../../../src/composition/container';
import { Clock } from '../../../../../src/application/shared/ports';
import { GetSdrKpi } from '../../../../../src/application/kpi/get-sdr-kpi';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const iso = (s: string) => new Date(s);
const secs = (s: string) => new Date(s).getTime() / 1000;

/** A message written straight into the gateway's collection, the way the gateway stores it. */
const message = (jid: string, at: string, fromMe = false, instance = 'main') => ({
  instance,
  key: { id: randomUUID(), remoteJid: jid, fromMe },
  pushName: fromMe ? 'Corretora' : 'Lead',
  messageType: 'conversation',
  message: { conversation: 'oi' },
  messageTimestamp: secs(at),
});

const jid = (phone: string) => `${phone}@s.whatsapp.net`;
const ANA = '5511987654321';
const BRUNO = '5521999998888';
const CARLA = '5531988887777';
const DORA = '5541977776666';
const EVA = '5551966665555';
const FABIO = '5561955554444';
const G1 = '5511911112222';
const G2 = '5511933334444';
const web = () => `web-${randomUUID()}`;
const phoneKey = (phone: string) => `${phone.slice(2, 4)}${phone.slice(-8)}`;

const phoneInteraction = (phone: string, fields: Partial<SdrInteraction>) =>
  sdrInteraction({ phone, phoneKey: phoneKey(phone), ...fields });
const webInteraction = (sessionId: string, fields: Partial<SdrInteraction>) =>
  sdrInteraction({ phone: null, phoneKey: null, sessionId, ...fields });

/**
 * The hand-built dataset. In March 2026 (UTC-3 in São Paulo, no daylight saving since 2019):
 * - Ana: converted on Feb 20 (before the period, so never a lead of it); chat turns on Mar 2 (two
 *   inbound messages 10:00 and 10:01, reply 10:05: 300 s from the first) and Mar 3 (30 s).
 * - Bruno: chat only; an inbound message on Feb 28 23:50Z, then inbound Mar 1 00:05Z and a reply
 *   00:10Z: that turn began before the period (not counted in UTC), the chat was answered.
 * - Carla: interaction created Mar 4 10:00Z, moved to converted Mar 5 15:00Z (a lead); an inbound
 *   message Mar 7 23:00Z never answered.
 * - Dora: chat only; inbound Mar 7 22:00Z, answered Mar 8 01:00Z (10800 s, after the UTC period).
 * - Eva: one interaction on Feb 1, nothing since: not a contact of March.
 * - Fabio: interaction of Feb 25 whose converting write was Mar 2 12:00Z (its last update is Mar 9).
 * - web session W1: created converted Mar 6 08:00Z; its person has a phone and a sale.
 * - web session W2: created Mar 2 02:30Z (Mar 1 23:30 in São Paulo); no person.
 * - web session W3: created Feb 15, qualified: before the period.
 * - a group chat message in the period (ignored).
 * In November 2018 (daylight saving began in São Paulo on Nov 4: 00:00 did not exist, the day had 23 h):
 * - G1: inbound 2018-11-04T02:30Z (Nov 3 23:30 local), answered 60 s later.
 * - G2: inbound 2018-11-05T02:30Z (Nov 5 00:30 local, UTC-2; Nov 4 23:30 at a fixed UTC-3), unanswered.
 * - web session W4: created converted at 2018-11-04T03:00Z, the first instant of Nov 4 local.
 */
async function seed(db: Db): Promise<void> {
  const wanda = await new MongoPersonRepository(db).saveByCpf(
    person({ fullName: 'Wanda', mobile: '5511900001111', residentialPhone: null }),
  );
  const w3Person = await new MongoPersonRepository(db).saveByCpf(
    person({ fullName: 'Wilma', mobile: null, residentialPhone: null }),
  );
  await new MongoSaleRepository(db).insert(sale(wanda.id, { createdAt: iso('2026-03-06T09:00:00Z') }));
  await new MongoSaleRepository(db).insert(sale(w3Person.id, { createdAt: iso('2026-02-16T09:00:00Z') }));
  const interactions: SdrInteraction[] = [
    phoneInteraction(ANA, {
      status: 'interested',
      convertedToLead: true,
      convertedAt: iso('2026-02-20T10:00:00Z'),
      createdAt: iso('2026-02-20T10:00:00Z'),
      updatedAt: iso('2026-02-20T10:00:00Z'),
    }),
    phoneInteraction(CARLA, {
      status: 'converted',
      convertedAt: iso('2026-03-05T15:00:00Z'),
      createdAt: iso('2026-03-04T10:00:00Z'),
      updatedAt: iso('2026-03-05T15:00:00Z'),
    }),
    phoneInteraction(EVA, {
      status: 'interested',
      createdAt: iso('2026-02-01T10:00:00Z'),
      updatedAt: iso('2026-02-01T10:00:00Z'),
    }),
    phoneInteraction(FABIO, {
      status: 'converted',
      convertedAt: iso('2026-03-02T12:00:00Z'),
      createdAt: iso('2026-02-25T10:00:00Z'),
      updatedAt: iso('2026-03-09T10:00:00Z'),
    }),
    webInteraction(web(), {
      personId: wanda.id,
      convertedToLead: true,
      convertedAt: iso('2026-03-06T08:00:00Z'),
      createdAt: iso('2026-03-06T08:00:00Z'),
      updatedAt: iso('2026-03-06T08:00:00Z'),
    }),
    webInteraction(web(), { createdAt: iso('2026-03-02T02:30:00Z'), updatedAt: iso('2026-03-02T02:30:00Z') }),
    webInteraction(web(), {
      personId: w3Person.id,
      createdAt: iso('2026-02-15T10:00:00Z'),
      updatedAt: iso('2026-02-15T10:00:00Z'),
    }),
    webInteraction(web(), {
      convertedToLead: true,
      convertedAt: iso('2018-11-04T03:00:00Z'),
      createdAt: iso('2018-11-04T03:00:00Z'),
      updatedAt: iso('2018-11-04T03:00:00Z'),
    }),
  ];
  await sdrInteractionsCollection(db).insertMany(interactions.map(toSdrInteractionDocument));
  await db
    .collection(DEFAULT_GATEWAY_MESSAGES)
    .insertMany([
      message(jid(ANA), '2026-03-02T10:00:00Z'),
      message(jid(ANA), '2026-03-02T10:01:00Z'),
      message(jid(ANA), '2026-03-02T10:05:00Z', true),
      message(jid(ANA), '2026-03-03T09:00:00Z'),
      message(jid(ANA), '2026-03-03T09:00:30Z', true),
      message(jid(BRUNO), '2026-02-28T23:50:00Z'),
      message(jid(BRUNO), '2026-03-01T00:05:00Z'),
      message(jid(BRUNO), '2026-03-01T00:10:00Z', true),
      message(jid(CARLA), '2026-03-07T23:00:00Z'),
      message(jid(DORA), '2026-03-07T22:00:00Z'),
      message(jid(DORA), '2026-03-08T01:00:00Z', true),
      message('120363000000000000@g.us', '2026-03-03T12:00:00Z'),
      message(jid(G1), '2018-11-04T02:30:00Z'),
      message(jid(G1), '2018-11-04T02:31:00Z', true),
      message(jid(G2), '2018-11-05T02:30:00Z'),
    ]);
}

const point = (date: string, contacts: number, leads: number, conversionRate: number) => ({
  date,
  contacts,
  leads,
  conversionRate,
});

describe('KPI routes (CONTRACT 8.3)', () => {
  let rt: SalesRuntime;
  let clock: ManualClock;
  let adminCookie: string;
  let managerKey: string;
  let operatorKey: string;
  let operatorCookie: string;

  before(async () => {
    clock = new ManualClock(NOW);
    // The figures are read many times: the spec's 10 per 60 s has a test of its own below.
    rt = await openSalesRuntime({
      overrides: {
        rebind: [rebinding(Clock, clock)],
        salesRateLimitRuleFor: () => ({ limit: 1_000_000, windowMs: 60_000 }),
      },
    });
    const signIn = async (role: 'admin' | 'operator') => {
      const user = await rt.createUser({ role });
      const res = await request(rt.callback)
        .post('/auth/login')
        .send({ email: user.email, password: user.password })
        .expect(200);
      return `access_token=${cookieValueOf(res.headers['set-cookie'], 'access_token') ?? ''}`;
    };
    adminCookie = await signIn('admin');
    operatorCookie = await signIn('operator');
    managerKey = (await rt.createApiKey((await rt.createUser({ role: 'manager' })).email)).key;
    operatorKey = (await rt.createApiKey((await rt.createUser({ role: 'operator' })).email)).key;
    await seed(rt.db);
  });
  after(async () => {
    await rt.close();
  });

  /**
   * Every figure request asks for a period of its own moment, so the cache never answers here (its tests are below).
   */
  const get = (path: string) => request(rt.callback).get(path).set('x-api-key', managerKey);

  describe('GET /kpi/sdr', () => {
    it(
      'counts contacts with activity, leads converted in the period, response time per turn and response rate ' +
        '(UTC days)',
      async () => {
        const res = await get('/kpi/sdr?dateFrom=2026-03-01&dateTo=2026-03-07&timezone=UTC').expect(200);
        expect(res.body).to.deep.equal({
          period: { from: '2026-03-01T00:00:00.000Z', to: '2026-03-07T23:59:59.999Z' },
          // Ana, Bruno, Carla, Dora, Fabio (his converting write), W1, W2; not Eva.
          contacts: 7,
          // Carla, Fabio, W1; not Ana (converted before the period).
          leads: 3,
          conversionRate: 0.4286,
          // Ana 300 s (from the first of two inbound messages) and 30 s, Dora 10800 s (replied after the
          // period); Bruno's turn began before the period, Carla's was never answered.
          averageResponseTimeSeconds: 3710,
          // Ana, Bruno, Dora of Ana, Bruno, Carla, Dora.
          responseRate: 0.75,
        });
        expect(res.headers['x-cache']).to.equal('MISS');
      },
    );

    it('bounds bare dates by the local days of the default timezone (America/Sao_Paulo)', async () => {
      const res = await get('/kpi/sdr?dateFrom=2026-03-01&dateTo=2026-03-07').expect(200);
      expect(res.body).to.deep.equal({
        period: { from: '2026-03-01T03:00:00.000Z', to: '2026-03-08T02:59:59.999Z' },
        // Bruno's messages are on Feb 28, local time.
        contacts: 6,
        leads: 3,
        conversionRate: 0.5,
        // Dora's reply is now inside the period; the same three turns count.
        averageResponseTimeSeconds: 3710,
        responseRate: 0.6667,
      });
    });

    it('takes timestamps as instants', async () => {
      const res = await get(
        `/kpi/sdr?dateFrom=${encodeURIComponent('2026-03-02T10:00:30Z')}` +
          `&dateTo=${encodeURIComponent('2026-03-03T09:00:00-00:00')}`,
      ).expect(200);
      // Ana (messages), Fabio (12:00), W2 is before; Ana's first turn of the period starts at 10:01
      // but her run of inbound messages began at 10:00: not counted. Her Mar 3 turn is answered after.
      expect(res.body).to.deep.equal({
        period: { from: '2026-03-02T10:00:30.000Z', to: '2026-03-03T09:00:00.000Z' },
        contacts: 2,
        leads: 1,
        conversionRate: 0.5,
        averageResponseTimeSeconds: 30,
        responseRate: 1,
      });
    });

    it('defaults to the 30 local days ending now; nothing in them: zeros and a null response time', async () => {
      clock.advance(60 * 24 * 60 * 60 * 1000);
      try {
        const res = await get('/kpi/sdr').expect(200);
        // Now is 2026-05-09T12:00Z, 09:00 in São Paulo: from the start of Apr 10 local.
        expect(res.body).to.deep.equal({
          period: { from: '2026-04-10T03:00:00.000Z', to: '2026-05-09T12:00:00.000Z' },
          contacts: 0,
          leads: 0,
          conversionRate: 0,
          averageResponseTimeSeconds: null,
          responseRate: 0,
        });
      } finally {
        clock.advance(-60 * 24 * 60 * 60 * 1000);
      }
    });

    it('follows São Paulo across the start of daylight saving in 2018', async () => {
      const res = await get('/kpi/sdr?dateFrom=2018-11-03&dateTo=2018-11-05&timezone=America/Sao_Paulo').expect(200);
      expect(res.body).to.deep.equal({
        // Nov 3 starts at 03:00Z (UTC-3); Nov 5 ends at 02:00Z on Nov 6 (UTC-2).
        period: { from: '2018-11-03T03:00:00.000Z', to: '2018-11-06T01:59:59.999Z' },
        contacts: 3,
        leads: 1,
        conversionRate: 0.3333,
        averageResponseTimeSeconds: 60,
        responseRate: 0.5,
      });
    });
  });

  describe('GET /kpi/sdr/trending', () => {
    it('one point per local day, zeros included, oldest first (UTC)', async () => {
      const res = await get('/kpi/sdr/trending?timezone=UTC&dateFrom=2026-03-01&dateTo=2026-03-07').expect(200);
      expect(res.body).to.deep.equal({
        period: { from: '2026-03-01T00:00:00.000Z', to: '2026-03-07T23:59:59.999Z' },
        timezone: 'UTC',
        points: [
          point('2026-03-01', 1, 0, 0), // Bruno
          point('2026-03-02', 3, 1, 0.3333), // Ana, Fabio (lead), W2
          point('2026-03-03', 1, 0, 0), // Ana
          point('2026-03-04', 1, 0, 0), // Carla
          point('2026-03-05', 1, 1, 1), // Carla converts
          point('2026-03-06', 1, 1, 1), // W1
          point('2026-03-07', 2, 0, 0), // Carla, Dora
        ],
      });
    });

    it('assigns each event to its São Paulo day (the default timezone), spelled in any case', async () => {
      const res = await get(
        '/kpi/sdr/trending?dateFrom=2026-03-01&dateTo=2026-03-07&timezone=america/sao_paulo',
      ).expect(200);
      expect(res.body.timezone).to.equal('America/Sao_Paulo');
      expect(res.body.points).to.deep.equal([
        point('2026-03-01', 1, 0, 0), // W2 at 23:30 local; Bruno is on Feb 28
        point('2026-03-02', 2, 1, 0.5), // Ana, Fabio
        point('2026-03-03', 1, 0, 0),
        point('2026-03-04', 1, 0, 0),
        point('2026-03-05', 1, 1, 1),
        point('2026-03-06', 1, 1, 1),
        point('2026-03-07', 2, 0, 0), // Carla 20:00, Dora 19:00 and 22:00 local
      ]);
    });

    it('splits the 23-hour day of Nov 4, 2018 (São Paulo) at its real boundaries', async () => {
      const res = await get('/kpi/sdr/trending?dateFrom=2018-11-02&dateTo=2018-11-06').expect(200);
      expect(res.body.period).to.deep.equal({ from: '2018-11-02T03:00:00.000Z', to: '2018-11-07T01:59:59.999Z' });
      expect(res.body.points).to.deep.equal([
        point('2018-11-02', 0, 0, 0),
        point('2018-11-03', 1, 0, 0), // G1 at 23:30 local (UTC-3)
        point('2018-11-04', 1, 1, 1), // W4 at its first instant, 01:00 local (UTC-2)
        point('2018-11-05', 1, 0, 0), // G2 at 00:30 local (UTC-2)
        point('2018-11-06', 0, 0, 0),
      ]);
    });

    it('the default period has 30 points, the last one today', async () => {
      const res = await get('/kpi/sdr/trending').expect(200);
      expect(res.body.points).to.have.length(30);
      expect(res.body.points[0].date).to.equal('2026-02-09');
      expect(res.body.points[29].date).to.equal('2026-03-10');
      expect(res.body.period).to.deep.equal({ from: '2026-02-09T03:00:00.000Z', to: NOW.toISOString() });
    });

    it('takes 366 local days, refuses 367', async () => {
      const ok = await get('/kpi/sdr/trending?dateFrom=2025-03-10&dateTo=2026-03-10').expect(200);
      expect(ok.body.points).to.have.length(366);
      const refused = await get('/kpi/sdr/trending?dateFrom=2025-03-09&dateTo=2026-03-10').expect(400);
      expect(refused.body.error).to.deep.equal(['the period must not exceed 366 days (it covers 367 local days)']);
    });
  });

  describe('GET /kpi/subscription-leads', () => {
    it('counts the web sign-ups created in the period, with a phone and qualified, per local day', async () => {
      const utc = await get('/kpi/subscription-leads?dateFrom=2026-03-01&dateTo=2026-03-07&timezone=UTC').expect(200);
      const days = (from: number, marks: Record<number, [number, number]>) =>
        Array.from({ length: 7 }, (_, i) => ({
          date: `2026-03-0${from + i}`,
          total: marks[from + i]?.[0] ?? 0,
          qualified: marks[from + i]?.[1] ?? 0,
        }));
      expect(utc.body).to.deep.equal({
        period: { from: '2026-03-01T00:00:00.000Z', to: '2026-03-07T23:59:59.999Z' },
        total: 2,
        withPhone: 1,
        qualified: 1,
        conversionRate: 0.5,
        points: days(1, { 2: [1, 0], 6: [1, 1] }),
      });
      const saoPaulo = await get('/kpi/subscription-leads?dateFrom=2026-03-01&dateTo=2026-03-07').expect(200);
      expect(saoPaulo.body.points).to.deep.equal(days(1, { 1: [1, 0], 6: [1, 1] }));
      const february = await get('/kpi/subscription-leads?dateFrom=2026-02-01&dateTo=2026-02-28').expect(200);
      expect(february.body).to.include({ total: 1, withPhone: 0, qualified: 1, conversionRate: 1 });
    });
  });

  describe('credentials and roles (CONTRACT 8.7)', () => {
    for (const path of ['/kpi/sdr', '/kpi/sdr/trending', '/kpi/subscription-leads']) {
      it(`${path}: admin by cookie and manager by API key; operator 403; no credential 401`, async () => {
        await request(rt.callback).get(path).set('Cookie', adminCookie).expect(200);
        await request(rt.callback).get(path).set('x-api-key', managerKey).expect(200);
        const byKey = await request(rt.callback).get(path).set('x-api-key', operatorKey).expect(403);
        expect(byKey.body).to.include({ statusCode: 403, message: 'Forbidden - Insufficient permissions' });
        await request(rt.callback).get(path).set('Cookie', operatorCookie).expect(403);
        await request(rt.callback).get(path).expect(401);
        await request(rt.callback).get(path).set('x-api-key', 'f'.repeat(64)).expect(401);
      });
    }

    it('checks the role before the cache: an operator never gets a cached answer', async () => {
      const path = '/kpi/sdr?dateFrom=2026-01-01&dateTo=2026-01-02';
      await get(path).expect(200);
      expect((await get(path).expect(200)).headers['x-cache']).to.equal('HIT');
      const denied = await request(rt.callback).get(path).set('x-api-key', operatorKey).expect(403);
      expect(denied.headers['x-cache']).to.equal(undefined);
    });
  });

  it('documents the three routes with their X-Cache header and the 403 of the roles (OpenAPI)', async () => {
    const doc = (await request(rt.callback).get('/openapi.json').expect(200)).body;
    for (const path of ['/kpi/sdr', '/kpi/sdr/trending', '/kpi/subscription-leads']) {
      const operation = doc.paths[path].get;
      expect(operation.responses['200'].headers['X-Cache'].schema).to.deep.equal({
        type: 'string',
        enum: ['HIT', 'MISS'],
      });
      expect(Object.keys(operation.responses)).to.include.members(['200', '400', '401', '403', '429']);
      expect(operation.parameters.map((p: { name: string }) => p.name).sort()).to.deep.equal([
        'dateFrom',
        'dateTo',
        'timezone',
      ]);
    }
  });

  describe('bad input', () => {
    it(
      '400 with one message per problem: a non-date, reversed dates, an unknown timezone, unknown or repeated ' +
        'parameters',
      async () => {
        const garbage = await get('/kpi/sdr?dateFrom=yesterday&dateTo=2026-02-30&timezone=Mars/Olympus').expect(400);
        expect(garbage.body.error).to.deep.equal([
          'dateFrom must be an ISO 8601 date',
          'dateTo must be an ISO 8601 date',
          'timezone must be an IANA timezone (for example America/Sao_Paulo)',
        ]);
        const reversed = await get('/kpi/sdr/trending?dateFrom=2026-03-05&dateTo=2026-03-04').expect(400);
        expect(reversed.body.error).to.deep.equal(['dateFrom must not be after dateTo']);
        const future = await get('/kpi/subscription-leads?dateFrom=2026-03-11').expect(400);
        expect(future.body.error).to.deep.equal(['dateFrom must not be after dateTo']);
        const unknown = await get('/kpi/sdr?page=2&timezone=UTC&timezone=UTC').expect(400);
        expect(unknown.body.error).to.deep.equal(['page is not a known parameter', 'timezone must be given once']);
      },
    );
  });

  describe('cache (in memory without REDIS_URL)', () => {
    it(
      'HIT after MISS with the same answer; new data invisible until the entry expires after 60 s; another query ' +
        'is a MISS',
      async () => {
        const path = '/kpi/sdr?dateFrom=2026-03-01&dateTo=2026-03-07&timezone=America/Recife';
        const first = await get(path).expect(200);
        expect(first.headers['x-cache']).to.equal('MISS');
        const second = await get(path).expect(200);
        expect(second.headers['x-cache']).to.equal('HIT');
        expect(second.body).to.deep.equal(first.body);
        // The order of parameters and an explicit default do not make another entry.
        expect(
          (await get('/kpi/sdr?timezone=America%2FRecife&dateTo=2026-03-07&dateFrom=2026-03-01').expect(200)).headers[
            'x-cache'
          ],
        ).to.equal('HIT');
        await get('/kpi/sdr?dateFrom=2026-03-01&dateTo=2026-03-07').expect(200);
        expect(
          (await get('/kpi/sdr?dateTo=2026-03-07&timezone=America/Sao_Paulo&dateFrom=2026-03-01').expect(200)).headers[
            'x-cache'
          ],
        ).to.equal('HIT');
        // A new contact of the period: invisible while the entry lives...
        const extra = phoneInteraction('5571944443333', {
          createdAt: iso('2026-03-03T10:00:00Z'),
          updatedAt: iso('2026-03-03T10:00:00Z'),
        });
        await sdrInteractionsCollection(rt.db).insertOne(toSdrInteractionDocument(extra));
        try {
          clock.advance(59_000);
          const stale = await get(path).expect(200);
          expect(stale.headers['x-cache']).to.equal('HIT');
          expect(stale.body.contacts).to.equal(first.body.contacts);
          // ...and counted once it expired.
          clock.advance(1_000);
          const fresh = await get(path).expect(200);
          expect(fresh.headers['x-cache']).to.equal('MISS');
          expect(fresh.body.contacts).to.equal(first.body.contacts + 1);
          // Another query, another path: misses.
          expect(
            (await get('/kpi/sdr?dateFrom=2026-03-01&dateTo=2026-03-06&timezone=America/Recife').expect(200)).headers[
              'x-cache'
            ],
          ).to.equal('MISS');
          expect(
            (await get('/kpi/sdr/trending?dateFrom=2026-03-01&dateTo=2026-03-07&timezone=America/Recife').expect(200))
              .headers['x-cache'],
          ).to.equal('MISS');
        } finally {
          await sdrInteractionsCollection(rt.db).deleteOne({ _id: extra.id });
          clock.advance(120_000);
        }
      },
    );

    it('concurrent misses of one key compute once (single flight), and every one of them is a MISS', async () => {
      // The use case behind the cache: how many times the figures were computed.
      const spy = sinon.spy(GetSdrKpi.prototype, 'execute');
      try {
        const path = '/kpi/sdr?dateFrom=2026-02-01&dateTo=2026-02-20&timezone=UTC';
        const answers = await Promise.all(Array.from({ length: 5 }, () => get(path).expect(200)));
        expect(spy.callCount).to.equal(1);
        expect(answers.map((a) => a.headers['x-cache'])).to.deep.equal(['MISS', 'MISS', 'MISS', 'MISS', 'MISS']);
        expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).to.equal(1);
        expect((await get(path).expect(200)).headers['x-cache']).to.equal('HIT');
        expect(spy.callCount).to.equal(1);
      } finally {
        spy.restore();
      }
    });
  });
});

describe('KPI rate limit (spec part 8: 10 per 60 s per IP and route)', () => {
  let rt: SalesRuntime;
  before(async () => {
    rt = await openSalesRuntime({ overrides: { rebind: [rebinding(Clock, new ManualClock(NOW))] } });
  });
  after(async () => {
    await rt.close();
  });

  it(
    'answers 10 requests with the limit headers, then 429 with Retry-After; each KPI route counts on its ' + 'own',
    async () => {
      const key = (await rt.createApiKey((await rt.createUser({ role: 'admin' })).email)).key;
      for (let i = 1; i <= 10; i += 1) {
        const res = await request(rt.callback).get('/kpi/sdr').set('x-api-key', key).expect(200);
        expect(res.headers['x-ratelimit-limit']).to.equal('10');
        expect(res.headers['x-ratelimit-remaining']).to.equal(String(10 - i));
        expect(Number(res.headers['x-ratelimit-reset'])).to.be.within(1, 60);
      }
      const throttled = await request(rt.callback).get('/kpi/sdr').set('x-api-key', key).expect(429);
      expect(throttled.body).to.deep.equal({ statusCode: 429, message: 'ThrottlerException: Too Many Requests' });
      expect(Number(throttled.headers['retry-after'])).to.be.within(1, 60);
      const other = await request(rt.callback).get('/kpi/sdr/trending').set('x-api-key', key).expect(200);
      expect(other.headers['x-ratelimit-limit']).to.equal('10');
      expect(other.headers['x-ratelimit-remaining']).to.equal('9');
      expect(
        (await request(rt.callback).get('/kpi/subscription-leads').set('x-api-key', key).expect(200)).headers[
          'x-ratelimit-remaining'
        ],
      ).to.equal('9');
    },
  );
});
