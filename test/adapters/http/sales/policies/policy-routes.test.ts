import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { policiesCollection } from '../../../../../src/adapters/mongo/policies/policy-collection';
import { Clock } from '../../../../../src/application/shared/ports';
import { cookiePairs, openSalesRuntime, type SalesRuntime } from '../../../../support/sales-runtime';
import { rebinding } from '../../../../../src/composition/container';

class StepClock implements Clock {
  constructor(public current = new Date('2026-03-01T12:00:00.000Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

const CPF = '529.982.247-25';
const CPF_DIGITS = '52998224725';
const OTHER_CPF = '111.444.777-35';

const policyBody = (overrides: Record<string, unknown> = {}) => ({
  policyNumber: 'AP-2026/0001',
  cpf: CPF,
  saleId: null,
  insurer: 'Porto Seguro',
  product: 'auto',
  premiumCents: 189_900,
  startDate: '2026-01-01',
  endDate: '2027-01-01',
  vehiclePlate: 'abc-1234',
  ...overrides,
});

describe('policy routes (spec part 4, CONTRACT 8.6)', () => {
  let rt: SalesRuntime;
  let clock: StepClock;
  let key: string;
  let userId: string;
  let email: string;

  beforeEach(async () => {
    clock = new StepClock();
    rt = await openSalesRuntime({ overrides: { rebind: [rebinding(Clock, clock)] } });
    const user = await rt.createUser({ role: 'operator' });
    userId = user.id;
    email = user.email;
    key = (await rt.createApiKey(user.email)).key;
  });
  afterEach(() => rt.close());

  const api = () => request(rt.callback);
  const create = (body: Record<string, unknown> = policyBody()) =>
    api().post('/api/policies').set('x-api-key', key).send(body);
  const stored = () => policiesCollection(rt.db).countDocuments({});

  describe('POST /api/policies', () => {
    it(
      'creates (201): CPF as digits, plate upper-case without hyphen, status pending, personId null, empty ' +
        'history',
      async () => {
        const res = await create().expect(201);
        expect(res.body).to.deep.equal({
          id: res.body.id,
          policyNumber: 'AP-2026/0001',
          cpf: CPF_DIGITS,
          personId: null,
          saleId: null,
          insurer: 'Porto Seguro',
          product: 'auto',
          status: 'pending',
          premiumCents: 189_900,
          startDate: '2026-01-01',
          endDate: '2027-01-01',
          vehiclePlate: 'ABC1234',
          createdAt: '2026-03-01T12:00:00.000Z',
          updatedAt: '2026-03-01T12:00:00.000Z',
          history: [],
        });
        const got = await api().get(`/api/policies/${res.body.id}`).set('x-api-key', key).expect(200);
        expect(got.body).to.deep.equal(res.body);
      },
    );

    it('may start active; saleId and vehiclePlate may be left out (null) for a product other than auto', async () => {
      const saleId = randomUUID();
      const res = await create(
        policyBody({ policyNumber: 'L-1', product: 'life', status: 'active', saleId, vehiclePlate: undefined }),
      ).expect(201);
      expect(res.body).to.include({ status: 'active', saleId, vehiclePlate: null });
      const bare = policyBody({ policyNumber: 'H-1', product: 'home' }) as Record<string, unknown>;
      delete bare.saleId;
      delete bare.vehiclePlate;
      expect((await create(bare).expect(201)).body).to.include({ saleId: null, vehiclePlate: null });
    });

    it("links the person with that CPF (a manual sale's customer)", async () => {
      const sale = await api()
        .post('/api/sales/manual')
        .set('x-api-key', key)
        .send({ venda: { sellerId: 'S-1', sellerName: 'Carla' }, pessoa: { fullName: 'Ana', cpf: CPF } })
        .expect(201);
      const res = await create().expect(201);
      expect(res.body.personId).to.equal(sale.body.pessoa.id);
    });

    it('a duplicate policyNumber is 409 and nothing is written', async () => {
      await create().expect(201);
      const res = await create(policyBody({ insurer: 'Other', cpf: OTHER_CPF })).expect(409);
      expect(res.body).to.include({ statusCode: 409, message: 'Policy number AP-2026/0001 already exists' });
      expect(await stored()).to.equal(1);
    });

    it('every broken rule is a 400 with one message per problem, and nothing is written', async () => {
      const cases: [unknown, string[]][] = [
        [policyBody({ policyNumber: 'ap 1' }), ['policyNumber must be 1 to 40 characters of A-Z, 0-9, -, / and .']],
        [
          policyBody({ policyNumber: 'X'.repeat(41) }),
          ['policyNumber must be 1 to 40 characters of A-Z, 0-9, -, / and .'],
        ],
        [policyBody({ cpf: '529.982.247-24' }), ['cpf must be a valid CPF (11 digits, check digits)']],
        [policyBody({ saleId: 'sale-1' }), ['saleId must be a UUID or null']],
        [policyBody({ insurer: ' ' }), ['insurer must be 1 to 100 characters']],
        [policyBody({ product: 'boat' }), ['product must be one of auto, life, home, travel, other']],
        [policyBody({ status: 'cancelled' }), ['status must be one of pending, active']],
        [policyBody({ premiumCents: -1 }), ['premiumCents must be an integer >= 0']],
        [policyBody({ premiumCents: 10.5 }), ['premiumCents must be an integer >= 0']],
        [policyBody({ premiumCents: '100' }), ['premiumCents must be a number']],
        [policyBody({ startDate: '2026-02-30' }), ['startDate must be a date YYYY-MM-DD']],
        [policyBody({ endDate: '2026-01-01T00:00:00Z' }), ['endDate must be a date YYYY-MM-DD']],
        [policyBody({ endDate: '2025-12-31' }), ['endDate must be after startDate']],
        [
          policyBody({ vehiclePlate: 'AB-12' }),
          ['vehiclePlate must be a Brazilian plate (ABC1234 or Mercosul ABC1D23)'],
        ],
        [policyBody({ vehiclePlate: null }), ['vehiclePlate is required for an auto policy']],
        [policyBody({ personId: randomUUID() }), ['personId is not allowed']],
        [policyBody({ history: [] }), ['history is not allowed']],
        [
          { cpf: CPF },
          [
            'policyNumber is required',
            'insurer is required',
            'product is required',
            'premiumCents is required',
            'startDate is required',
            'endDate is required',
          ],
        ],
        [policyBody({ cpf: { $ne: null } }), ['cpf must be a string']],
        [
          policyBody({ policyNumber: '', premiumCents: -1, vehiclePlate: null, id: 'x' }),
          [
            'id is not allowed',
            'policyNumber must be 1 to 40 characters of A-Z, 0-9, -, / and .',
            'premiumCents must be an integer >= 0',
            'vehiclePlate is required for an auto policy',
          ],
        ],
      ];
      for (const [body, messages] of cases) {
        const res = await create(body as Record<string, unknown>).expect(400);
        expect(res.body).to.include({ statusCode: 400, path: '/api/policies' });
        expect(res.body.error, JSON.stringify(body)).to.have.members(messages);
        expect(res.body.error).to.have.length(messages.length);
      }
      expect(await stored()).to.equal(0);
    });

    it('takes the combined credential (cookie JWT, Bearer JWT, API key) for every role; 401 without', async () => {
      const login = await api().post('/auth/login').send({ email, password: 'correct horse battery' }).expect(200);
      const cookies = cookiePairs(login.headers['set-cookie']);
      await api()
        .post('/api/policies')
        .set('Cookie', cookies)
        .send(policyBody({ policyNumber: 'C-1' }))
        .expect(201);
      const token = cookies.find((c) => c.startsWith('access_token='))?.slice('access_token='.length) ?? '';
      await api().get('/api/policies').set('Authorization', `Bearer ${token}`).expect(200);
      for (const role of ['admin', 'manager'] as const) {
        const other = await rt.createUser({ role });
        const otherKey = (await rt.createApiKey(other.email)).key;
        await api().get('/api/policies').set('x-api-key', otherKey).expect(200);
      }
      await api()
        .post('/api/policies')
        .send(policyBody({ policyNumber: 'C-2' }))
        .expect(401);
      await api().get('/api/policies').expect(401);
      expect(await stored()).to.equal(1);
    });
  });

  describe('GET /policy (API key)', () => {
    it(
      'by cpf (any spelling): {data} newest first by startDate then createdAt; an unknown CPF is 200 {data: ' + '[]}',
      async () => {
        await create(policyBody({ policyNumber: 'A', startDate: '2025-01-01', endDate: '2026-01-01' })).expect(201);
        await create(policyBody({ policyNumber: 'B', startDate: '2026-05-01', endDate: '2027-05-01' })).expect(201);
        clock.advance(1000);
        await create(policyBody({ policyNumber: 'C', startDate: '2026-05-01', endDate: '2027-05-01' })).expect(201);
        await create(policyBody({ policyNumber: 'D', cpf: OTHER_CPF })).expect(201);
        for (const spelling of [CPF, CPF_DIGITS]) {
          const res = await api().get('/policy').query({ cpf: spelling }).set('x-api-key', key).expect(200);
          expect(res.body.data.map((p: { policyNumber: string }) => p.policyNumber)).to.deep.equal(['C', 'B', 'A']);
          expect(res.body.data[0]).to.not.have.property('history');
        }
        const none = await api().get('/policy?cpf=390.533.447-05').set('x-api-key', key).expect(200);
        expect(none.body).to.deep.equal({ data: [] });
      },
    );

    it('by policyNumber: {data: [that policy]}; an unknown number is 404', async () => {
      const created = await create().expect(201);
      const res = await api().get('/policy').query({ policyNumber: 'AP-2026/0001' }).set('x-api-key', key).expect(200);
      expect(res.body.data).to.have.length(1);
      expect(res.body.data[0]).to.include({ id: created.body.id, personId: null });
      const missing = await api().get('/policy?policyNumber=NOPE').set('x-api-key', key).expect(404);
      expect(missing.body).to.include({ statusCode: 404, message: 'Policy not found' });
    });

    it('exactly one of cpf and policyNumber, else 400; a bad CPF is 400', async () => {
      for (const query of [
        '',
        `?cpf=${CPF_DIGITS}&policyNumber=A`,
        '?cpf=1&cpf=2',
        `?cpf=${CPF_DIGITS.slice(0, 10)}9`,
      ]) {
        const res = await api().get(`/policy${query}`).set('x-api-key', key).expect(400);
        expect(res.body.statusCode).to.equal(400);
      }
      const both = await api().get(`/policy?cpf=${CPF_DIGITS}&policyNumber=A`).set('x-api-key', key).expect(400);
      expect(both.body.error).to.deep.equal(['exactly one of cpf or policyNumber is required']);
    });

    it(
      'takes an API key (x-api-key or Bearer key) and nothing else: 401 with a JWT or without a ' + 'credential',
      async () => {
        await api().get(`/policy?cpf=${CPF_DIGITS}`).set('Authorization', `Bearer ${key}`).expect(200);
        await api().get(`/policy?cpf=${CPF_DIGITS}`).expect(401);
        await api().get(`/policy?cpf=${CPF_DIGITS}`).set('x-api-key', 'f'.repeat(64)).expect(401);
        const login = await api().post('/auth/login').send({ email, password: 'correct horse battery' }).expect(200);
        await api()
          .get(`/policy?cpf=${CPF_DIGITS}`)
          .set('Cookie', cookiePairs(login.headers['set-cookie']))
          .expect(401);
      },
    );
  });

  describe('GET /api/policies', () => {
    beforeEach(async () => {
      await create(policyBody({ policyNumber: 'A', startDate: '2026-03-01', endDate: '2026-12-31' })).expect(201);
      await create(
        policyBody({
          policyNumber: 'B',
          startDate: '2026-02-01',
          endDate: '2027-02-01',
          product: 'life',
          vehiclePlate: null,
          insurer: 'Allianz',
          status: 'active',
        }),
      ).expect(201);
      await create(
        policyBody({ policyNumber: 'C', startDate: '2026-01-01', endDate: '2027-01-01', cpf: OTHER_CPF }),
      ).expect(201);
    });
    const numbers = async (query: string) => {
      const res = await api().get(`/api/policies${query}`).set('x-api-key', key).expect(200);
      return res.body.data.map((p: { policyNumber: string }) => p.policyNumber);
    };

    it('lists newest first with {data, total, page, limit, hasMore}', async () => {
      const res = await api().get('/api/policies?limit=2').set('x-api-key', key).expect(200);
      expect(res.body).to.include({ total: 3, page: 1, limit: 2, hasMore: true });
      expect(res.body.data.map((p: { policyNumber: string }) => p.policyNumber)).to.deep.equal(['A', 'B']);
      const second = await api().get('/api/policies?limit=2&page=2').set('x-api-key', key).expect(200);
      expect(second.body).to.include({ total: 3, page: 2, hasMore: false });
      expect(second.body.data.map((p: { policyNumber: string }) => p.policyNumber)).to.deep.equal(['C']);
    });

    it(
      'filters by status, product, insurer (exact, any case), cpf and expiringBefore (strictly before), ' + 'combined',
      async () => {
        expect(await numbers('?status=active')).to.deep.equal(['B']);
        expect(await numbers('?product=auto')).to.deep.equal(['A', 'C']);
        expect(await numbers('?insurer=ALLIANZ')).to.deep.equal(['B']);
        expect(await numbers('?insurer=porto%20seguro')).to.deep.equal(['A', 'C']);
        expect(await numbers('?insurer=Porto')).to.deep.equal([]);
        expect(await numbers(`?cpf=${encodeURIComponent(OTHER_CPF)}`)).to.deep.equal(['C']);
        expect(await numbers('?expiringBefore=2027-01-01')).to.deep.equal(['A']);
        expect(await numbers('?expiringBefore=2027-01-02')).to.deep.equal(['A', 'C']);
        expect(await numbers(`?product=auto&cpf=${CPF_DIGITS}&status=pending`)).to.deep.equal(['A']);
        const res = await api().get('/api/policies?product=auto&limit=1').set('x-api-key', key).expect(200);
        expect(res.body).to.include({ total: 2, hasMore: true });
      },
    );

    it('a bad filter is 400 with one message per problem', async () => {
      const res = await api()
        .get('/api/policies?status=open&product=boat&cpf=123&expiringBefore=2026-13-01&limit=0')
        .set('x-api-key', key)
        .expect(400);
      expect(res.body.error).to.have.members([
        'limit must be an integer from 1 to 100',
        'status must be one of pending, active, cancelled, expired',
        'product must be one of auto, life, home, travel, other',
        'cpf must be a valid CPF (11 digits, check digits)',
        'expiringBefore must be a date YYYY-MM-DD',
      ]);
      const repeated = await api().get('/api/policies?status=active&status=expired').set('x-api-key', key).expect(400);
      expect(repeated.body.error).to.deep.equal(['status must be given once']);
    });
  });

  describe('GET /api/policies/{id} and PATCH /api/policies/{id}/status', () => {
    it(
      'moves pending -> active -> expired, answering 200 with the history {from, to, at, userId, ' + 'reason}',
      async () => {
        const created = await create().expect(201);
        clock.advance(60_000);
        const active = await api()
          .patch(`/api/policies/${created.body.id}/status`)
          .set('x-api-key', key)
          .send({ status: 'active', reason: ' paid ' })
          .expect(200);
        expect(active.body).to.include({ status: 'active', updatedAt: '2026-03-01T12:01:00.000Z' });
        clock.advance(60_000);
        const expired = await api()
          .patch(`/api/policies/${created.body.id}/status`)
          .set('x-api-key', key)
          .send({ status: 'expired' })
          .expect(200);
        const history = [
          { from: 'pending', to: 'active', at: '2026-03-01T12:01:00.000Z', userId, reason: 'paid' },
          { from: 'active', to: 'expired', at: '2026-03-01T12:02:00.000Z', userId, reason: null },
        ];
        expect(expired.body.history).to.deep.equal(history);
        const got = await api().get(`/api/policies/${created.body.id}`).set('x-api-key', key).expect(200);
        expect(got.body).to.deep.equal(expired.body);
      },
    );

    it(
      'every forbidden transition is 409 "Invalid policy status transition from X to Y" and changes ' + 'nothing',
      async () => {
        const pending = await create(policyBody({ policyNumber: 'P' })).expect(201);
        const cancelled = await create(policyBody({ policyNumber: 'X' })).expect(201);
        await api()
          .patch(`/api/policies/${cancelled.body.id}/status`)
          .set('x-api-key', key)
          .send({ status: 'cancelled' })
          .expect(200);
        const cases: [string, string, string][] = [
          [pending.body.id, 'pending', 'pending'],
          [pending.body.id, 'pending', 'expired'],
          [cancelled.body.id, 'cancelled', 'active'],
          [cancelled.body.id, 'cancelled', 'pending'],
          [cancelled.body.id, 'cancelled', 'cancelled'],
        ];
        for (const [id, from, to] of cases) {
          const res = await api()
            .patch(`/api/policies/${id}/status`)
            .set('x-api-key', key)
            .send({ status: to })
            .expect(409);
          expect(res.body).to.include({
            statusCode: 409,
            message: `Invalid policy status transition from ${from} to ${to}`,
          });
        }
        const stillPending = await api().get(`/api/policies/${pending.body.id}`).set('x-api-key', key).expect(200);
        expect(stillPending.body).to.deep.equal(pending.body);
        const stillCancelled = await api().get(`/api/policies/${cancelled.body.id}`).set('x-api-key', key).expect(200);
        expect(stillCancelled.body.history).to.have.length(1);
      },
    );

    it('a bad status body is 400 and changes nothing; an unknown policy is 404', async () => {
      const created = await create().expect(201);
      const cases: [unknown, string[]][] = [
        [{}, ['status is required']],
        [{ status: 'open' }, ['status must be one of pending, active, cancelled, expired']],
        [{ status: 'active', reason: 5 }, ['reason must be a string or null']],
        [{ status: 'active', reason: 'x'.repeat(501) }, ['reason must be at most 500 characters']],
        [{ status: 'active', by: 'me' }, ['by is not allowed']],
      ];
      for (const [body, messages] of cases) {
        const res = await api()
          .patch(`/api/policies/${created.body.id}/status`)
          .set('x-api-key', key)
          .send(body as object)
          .expect(400);
        expect(res.body.error).to.have.members(messages);
      }
      expect(
        (await api().get(`/api/policies/${created.body.id}`).set('x-api-key', key).expect(200)).body,
      ).to.deep.equal(created.body);
      const missing = await api()
        .patch(`/api/policies/${randomUUID()}/status`)
        .set('x-api-key', key)
        .send({ status: 'active' })
        .expect(404);
      expect(missing.body).to.include({ statusCode: 404, message: 'Policy not found' });
      await api().get(`/api/policies/${randomUUID()}`).set('x-api-key', key).expect(404);
    });
  });
});
