import { expect } from 'chai';
import request from 'supertest';
import { Clock } from '../../../../../src/application/shared/ports';
import { rebinding } from '../../../../../src/composition/container';
import { ManualClock } from '../../../../support/fakes/fixed-clock';
import { openSalesRuntime, type SalesRuntime } from '../../../../support/sales-runtime';
import { ANA, BRUNO, buildSubject, dumpDatabase, valuesFound } from './erasure-world';

const START = new Date('2026-03-10T12:00:00.000Z');
const PERIOD = '?dateFrom=2026-03-09T00:00:00.000Z&dateTo=2026-03-11T00:00:00.000Z';

/**
 * CONTRACT 12.4 (issue "Done when"): one subject in every sales store and one unrelated subject; after the
 * erasure, no value of the first in any spelling anywhere in the database, every value of the second still
 * there, and the KPI figures of the past period unchanged.
 */
describe('POST /privacy/erasures end to end (CONTRACT 12.4)', () => {
  let rt: SalesRuntime;
  let clock: ManualClock;
  let key: string;

  beforeEach(async () => {
    clock = new ManualClock(START);
    rt = await openSalesRuntime({ overrides: { rebind: [rebinding(Clock, clock)] } });
    const admin = await rt.createUser({ role: 'admin' });
    key = (await rt.createApiKey(admin.email)).key;
  });
  afterEach(() => rt.close());

  const api = () => request(rt.callback);
  const kpi = async () => {
    clock.advance(120_000); // past the 60 s answer cache (CONTRACT 8.3)
    const sdr = await api().get(`/kpi/sdr${PERIOD}`).set('x-api-key', key).expect(200);
    const trending = await api().get(`/kpi/sdr/trending${PERIOD}`).set('x-api-key', key).expect(200);
    const signUps = await api().get(`/kpi/subscription-leads${PERIOD}`).set('x-api-key', key).expect(200);
    return { sdr: sdr.body as unknown, trending: trending.body as unknown, signUps: signUps.body as unknown };
  };
  const waitDone = async (id: string) => {
    for (let i = 0; i < 200; i += 1) {
      const res = await api().get(`/privacy/erasures/${id}`).set('x-api-key', key).expect(200);
      if (res.body.status === 'done') return res.body as { counts: Record<string, number> };
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the erasure never finished');
  };

  it("leaves none of the subject's values, all of the other subject's, and the past KPI unchanged", async () => {
    await buildSubject(rt, key, ANA, START);
    await buildSubject(rt, key, BRUNO, START);
    expect(valuesFound(await dumpDatabase(rt), ANA)).to.not.deep.equal([]);
    const before = await kpi();
    // Both subjects count: a contact each, a chat answered each (the figures the erasure must leave as they are).
    expect(before.sdr).to.deep.include({ contacts: 2, responseRate: 1, averageResponseTimeSeconds: 137.5 });

    const accepted = await api()
      .post('/privacy/erasures')
      .set('x-api-key', key)
      .send({ phone: '(11) 8765-4321', reason: 'Pedido do titular por e-mail, protocolo 2026-031' })
      .expect(202);
    expect(accepted.body).to.deep.equal({ id: accepted.body.id, status: 'pending' });
    const done = await waitDone(accepted.body.id);
    expect(done.counts).to.include({ people: 1, sales: 1, sdrInteractions: 1, gatewayMessages: 5, policies: 1 });
    expect(done.counts.chatMessages).to.equal(2);
    await rt.flushEvents();

    expect(valuesFound(await dumpDatabase(rt), ANA)).to.deep.equal([]);
    const bruno = valuesFound(await dumpDatabase(rt), BRUNO).map((hit) => hit.split(': ')[1]);
    expect(new Set(bruno)).to.include.members([
      BRUNO.cpf,
      BRUNO.email,
      BRUNO.name,
      BRUNO.chassis,
      BRUNO.note,
      BRUNO.plate,
    ]);
    expect(await kpi()).to.deep.equal(before);

    const events = await rt.db
      .collection('api_event_logs')
      .find({ path: '/privacy/erasures', method: 'POST' })
      .toArray();
    expect(events).to.have.length(1);
    expect(events[0]).to.have.property('userId').that.is.a('string');
  });

  it('answers 200 with the pending request of the same subject, lists requests, refuses bad input', async () => {
    await buildSubject(rt, key, ANA, START);
    const post = (body: object) => api().post('/privacy/erasures').set('x-api-key', key).send(body);
    // A request answered 202 whose run has not happened yet (the process died): still pending.
    const privacy = rt.runtime.app.privacyErasure.useCases;
    const pending = await privacy.requestErasure.execute({ identifier: { kind: 'cpf', value: ANA.cpf }, reason: 'a' });
    if (pending._tag === 'Left') throw new Error('refused');
    const again = await post({ phone: '11 8765-4321', reason: 'pedido repetido' }).expect(200);
    expect(again.body).to.deep.equal({ id: pending.right.id, status: 'pending' });
    await privacy.completePendingErasures.execute();
    const done = await waitDone(pending.right.id);
    expect(JSON.stringify(done)).to.not.include(ANA.cpf);
    const naming = await post({ email: 'x@example.com', reason: 'pedido de X@example.com' }).expect(400);
    expect(JSON.stringify(naming.body)).to.include('reason must not name the subject');
    await post({ cpf: ANA.cpf, phone: ANA.phone, reason: 'x' }).expect(400);
    const bad = await post({ cpf: '529.982.247-26', reason: 'x' }).expect(400);
    expect(JSON.stringify(bad.body)).to.include('cpf must be a valid CPF');
    await post({ phone: '123', reason: 'x' }).expect(400);
    await post({ email: 'a@b.co', reason: 'x'.repeat(501) }).expect(400);
    await post({ email: 'a@b.co', reason: 'x', extra: 1 }).expect(400);
    const list = await api().get('/privacy/erasures?page=1&limit=10').set('x-api-key', key).expect(200);
    expect(list.body).to.include({ total: 1, page: 1, limit: 10, hasMore: false });
    expect(JSON.stringify(list.body)).to.not.include(ANA.cpf);
    const operator = await rt.createUser({ role: 'manager' });
    const other = (await rt.createApiKey(operator.email)).key;
    await api().get('/privacy/erasures').set('x-api-key', other).expect(403);
  });
});
