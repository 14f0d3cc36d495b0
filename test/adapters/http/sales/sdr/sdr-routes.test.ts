import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { peopleCollection } from '../../../../../src/adapters/mongo/sales/people-collection';
import { salesCollection } from '../../../../../src/adapters/mongo/sales/sales-collection';
import { apiEventCollection } from '../../../../../src/adapters/mongo/sales-identity/api-event-collection';
import {
  sdrInteractionsCollection,
  sdrNotesCollection,
} from '../../../../../src/adapters/mongo/sdr/sdr-interactions-collection';
import { Clock } from '../../../../../src/application/shared/ports';
import { openSalesRuntime, type SalesRuntime } from '../../../../support/sales-runtime';
import { rebinding } from '../../../../../src/composition/container';

/** A clock tests move by hand (the dedupe window and note times without sleeping). */
class StepClock implements Clock {
  constructor(public current = new Date('2026-03-01T12:00:00.000Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

const HOUR = 60 * 60 * 1000;
const CPF = '529.982.247-25';

describe('SDR interaction routes', () => {
  let rt: SalesRuntime;
  let clock: StepClock;
  let key: string;
  let operatorEmail: string;

  beforeEach(async () => {
    clock = new StepClock();
    rt = await openSalesRuntime({ overrides: { rebind: [rebinding(Clock, clock)] } });
    const user = await rt.createUser({ role: 'operator' });
    operatorEmail = user.email;
    key = (await rt.createApiKey(user.email)).key;
  });
  afterEach(() => rt.close());

  const api = () => request(rt.callback);
  const create = (body: Record<string, unknown>) => api().post('/sdr/interactions').set('x-api-key', key).send(body);
  const patch = (body: unknown) =>
    api()
      .patch('/sdr/interactions/status')
      .set('x-api-key', key)
      .send(body as object);
  const counts = async () => ({
    people: await peopleCollection(rt.db).countDocuments({}),
    interactions: await sdrInteractionsCollection(rt.db).countDocuments({}),
    notes: await sdrNotesCollection(rt.db).countDocuments({}),
  });

  describe('POST /sdr/interactions', () => {
    it('creates a minimal person and an interaction whose status starts as its result (201)', async () => {
      const res = await create({
        phone: '+55 (11) 98765-4321',
        channel: 'whatsapp',
        result: 'no_response',
        name: 'Ana',
      }).expect(201);
      expect(res.body).to.include({ status: 'no_response', created: true });
      expect(res.body.id).to.be.a('string');
      const person = await peopleCollection(rt.db).findOne({ _id: res.body.personId });
      expect(person).to.include({ fullName: 'Ana', mobile: '5511987654321', cpf: null });
      expect(person?.phoneKeys).to.deep.equal(['1187654321']);
    });

    it(
      'updates the interaction of the same phone (any spelling, with or without the ninth digit) within 24 h ' +
        '(200), and creates after',
      async () => {
        const first = await create({ phone: '11987654321', channel: 'whatsapp', result: 'no_response' }).expect(201);
        clock.advance(23 * HOUR);
        const second = await create({
          phone: '(11) 8765-4321',
          channel: 'sms',
          result: 'interested',
          contact: true,
          notes: 'answered',
        }).expect(200);
        expect(second.body).to.deep.equal({
          id: first.body.id,
          personId: first.body.personId,
          status: 'interested',
          created: false,
        });
        const stored = await sdrInteractionsCollection(rt.db).findOne({ _id: first.body.id });
        expect(stored).to.include({ channel: 'sms', result: 'interested', status: 'interested', contact: true });
        clock.advance(2 * HOUR);
        const third = await create({
          phone: '5511987654321',
          channel: 'whatsapp',
          result: 'callback_requested',
        }).expect(201);
        expect(third.body.personId).to.equal(first.body.personId);
        expect(third.body.id).to.not.equal(first.body.id);
        expect(await counts()).to.deep.equal({ people: 1, interactions: 2, notes: 1 });
      },
    );

    it('finds the person of a manual sale by phone and writes the qualification onto that sale', async () => {
      const sale = await api()
        .post('/api/sales/manual')
        .set('x-api-key', key)
        .send({
          venda: { sellerId: 'S-1', sellerName: 'Carla' },
          pessoa: { fullName: 'Bruno Lima', cpf: CPF, mobile: '(21) 99999-0000' },
        })
        .expect(201);
      const res = await create({
        phone: '+55 21 9999-0000',
        channel: 'whatsapp',
        result: 'converted',
        contact: true,
        sent: true,
        sent_to: 'Concessionária X',
        converted_to_lead: true,
      }).expect(201);
      expect(res.body.personId).to.equal(sale.body.pessoa.id);
      const stored = await salesCollection(rt.db).findOne({ _id: sale.body.venda.id });
      expect(stored?.sdr).to.include({
        interactionId: res.body.id,
        qualified: true,
        interested: false,
        sentTo: 'Concessionária X',
        contact: true,
      });
      // The converting write stores its time on the interaction and mirrors it onto the sale (CONTRACT 8.3 leads).
      const convertedAt = clock.now();
      expect(stored?.sdr?.convertedAt).to.deep.equal(convertedAt);
      expect((await sdrInteractionsCollection(rt.db).findOne({ _id: res.body.id }))?.convertedAt).to.deep.equal(
        convertedAt,
      );
      clock.advance(HOUR);
      await create({ phone: '21999990000', channel: 'whatsapp', result: 'interested', contact: true }).expect(200);
      const after = (await salesCollection(rt.db).findOne({ _id: sale.body.venda.id }))?.sdr;
      expect(after).to.include({ qualified: false, interested: true });
      // A later write keeps the first conversion time.
      expect(after?.convertedAt).to.deep.equal(convertedAt);
      expect((await sdrInteractionsCollection(rt.db).findOne({ _id: res.body.id }))?.convertedAt).to.deep.equal(
        convertedAt,
      );
    });

    it(
      'always creates a minimal person for a new web session id, and updates the same session within the ' + 'window',
      async () => {
        const session = `web-${randomUUID()}`;
        const a = await create({ session_id: session, channel: 'email', result: 'interested' }).expect(201);
        const b = await create({ session_id: `web-${randomUUID()}`, channel: 'email', result: 'interested' }).expect(
          201,
        );
        expect(a.body.personId).to.not.equal(b.body.personId);
        const again = await create({ session_id: session, channel: 'email', result: 'converted' }).expect(200);
        expect(again.body).to.include({
          id: a.body.id,
          personId: a.body.personId,
          created: false,
          status: 'converted',
        });
        expect(await counts()).to.deep.equal({ people: 2, interactions: 2, notes: 0 });
      },
    );

    it('answers 400 with one message per problem and writes nothing', async () => {
      const cases: [Record<string, unknown>, string[]][] = [
        [{ channel: 'whatsapp', result: 'interested' }, ['phone or session_id is required']],
        [
          { phone: '123', channel: 'fax', result: 'maybe' },
          [
            'channel must be one of whatsapp, sms, email',
            'result must be one of interested, not_interested, no_response, callback_requested, converted',
            'phone must be a valid Brazilian phone number',
          ],
        ],
        [
          { session_id: `chat-${randomUUID()}`, channel: 'sms', result: 'interested' },
          ['session_id must be web-<uuid v4>'],
        ],
        // CONTRACT 3.4: web-<uuid v4> only: a v1 UUID, a bare UUID and a bad variant are refused.
        [
          { session_id: 'web-6fa459ea-ee8a-1ca4-894e-db77e160355e', channel: 'sms', result: 'interested' },
          ['session_id must be web-<uuid v4>'],
        ],
        [{ session_id: randomUUID(), channel: 'sms', result: 'interested' }, ['session_id must be web-<uuid v4>']],
        [
          { session_id: 'web-6fa459ea-ee8a-4ca4-c94e-db77e160355e', channel: 'sms', result: 'interested' },
          ['session_id must be web-<uuid v4>'],
        ],
        [
          { phone: '11987654321', channel: 'sms', result: 'interested', cpf: '529.982.247-24' },
          ['cpf must be a valid CPF'],
        ],
        [{ phone: { $gt: '' }, channel: 'sms', result: 'interested' }, ['phone must be a string']],
        [
          { channel: 'sms', result: 'maybe' },
          [
            'result must be one of interested, not_interested, no_response, callback_requested, converted',
            'phone or session_id is required',
          ],
        ],
      ];
      for (const [body, messages] of cases) {
        const res = await create(body).expect(400);
        expect(res.body).to.include({ statusCode: 400, path: '/sdr/interactions' });
        expect(res.body.error).to.have.members(messages);
      }
      expect(await counts()).to.deep.equal({ people: 0, interactions: 0, notes: 0 });
    });

    it('takes only an API key: 401 without one, with an unknown one, or with a JWT', async () => {
      const body = { phone: '11987654321', channel: 'sms', result: 'interested' };
      await api().post('/sdr/interactions').send(body).expect(401);
      await api().post('/sdr/interactions').set('x-api-key', 'f'.repeat(64)).send(body).expect(401);
      const login = await api()
        .post('/auth/login')
        .send({ email: operatorEmail, password: 'correct horse battery' })
        .expect(200);
      const cookies = login.headers['set-cookie'] as unknown as string[];
      await api().post('/sdr/interactions').set('Cookie', cookies).send(body).expect(401);
      await api().post('/sdr/interactions').set('authorization', `Bearer ${key}`).send(body).expect(201);
      expect(await counts()).to.deep.equal({ people: 1, interactions: 1, notes: 0 });
    });
  });

  describe('PATCH /sdr/interactions/status', () => {
    it('moves the interaction found by every spelling of the phone and answers spec part 4', async () => {
      const created = await create({
        phone: '(11) 98765-4321',
        channel: 'whatsapp',
        result: 'no_response',
        name: 'Ana',
      }).expect(201);
      let previous = 'no_response';
      const statuses = ['interested', 'callback_requested', 'not_interested', 'converted', 'interested', 'no_response'];
      const spellings = [
        '+55 (11) 98765-4321',
        '5511987654321',
        '11987654321',
        '(11) 8765-4321',
        '011 98765 4321',
        '551187654321',
      ];
      for (const [i, identifier] of spellings.entries()) {
        const status = statuses[i] as string;
        const res = await patch({ identifier, identifier_type: 'phone', status }).expect(200);
        expect(res.body).to.deep.equal({
          success: true,
          updated_count: 1,
          interaction_id: created.body.id,
          previous_status: previous,
          new_status: status,
          person_name: 'Ana',
        });
        previous = status;
      }
    });

    it("mirrors the new status onto the person's newest sale, as creation does (CONTRACT 3.4)", async () => {
      const older = await api()
        .post('/api/sales/manual')
        .set('x-api-key', key)
        .send({
          venda: { sellerId: 'S-1', sellerName: 'Carla' },
          pessoa: { fullName: 'Bruno Lima', cpf: CPF, mobile: '(21) 99999-0000' },
        })
        .expect(201);
      clock.advance(60_000);
      const newer = await api()
        .post('/api/sales/manual')
        .set('x-api-key', key)
        .send({
          venda: { sellerId: 'S-2', sellerName: 'Carla' },
          pessoa: { fullName: 'Bruno Lima', cpf: CPF, mobile: '(21) 99999-0000' },
        })
        .expect(201);
      const created = await create({ phone: '21999990000', channel: 'whatsapp', result: 'no_response' }).expect(201);
      const sdrOf = async (id: string) => (await salesCollection(rt.db).findOne({ _id: id }))?.sdr;
      expect(await sdrOf(newer.body.venda.id)).to.include({ interactionId: created.body.id, status: 'no_response' });
      clock.advance(60_000);
      await patch({
        identifier: '(21) 99999-0000',
        identifier_type: 'phone',
        status: 'converted',
        notes: 'closed',
      }).expect(200);
      const stored = await salesCollection(rt.db).findOne({ _id: newer.body.venda.id });
      expect(stored?.sdr).to.include({ interactionId: created.body.id, status: 'converted', result: 'no_response' });
      expect(stored?.sdr?.at).to.deep.equal(clock.now());
      // The move to converted is the converting write: its time is stored on the interaction and the sale.
      const convertedAt = clock.now();
      expect(stored?.sdr?.convertedAt).to.deep.equal(convertedAt);
      expect((await sdrInteractionsCollection(rt.db).findOne({ _id: created.body.id }))?.convertedAt).to.deep.equal(
        convertedAt,
      );
      expect(stored?.updatedAt).to.deep.equal(clock.now());
      expect(await sdrOf(older.body.venda.id)).to.equal(undefined);
      clock.advance(60_000);
      await patch({ identifier: CPF, identifier_type: 'cpf', status: 'interested' }).expect(200);
      expect(await sdrOf(newer.body.venda.id)).to.include({ status: 'interested' });
      expect((await sdrOf(newer.body.venda.id))?.convertedAt).to.deep.equal(convertedAt);
    });

    it('empty or blank notes append nothing, on creation and on a status update (CONTRACT 3.4)', async () => {
      await create({ phone: '11987654321', channel: 'whatsapp', result: 'no_response', notes: '' }).expect(201);
      await create({ phone: '11987654321', channel: 'whatsapp', result: 'no_response', notes: ' \t\n ' }).expect(200);
      await patch({ identifier: '11987654321', identifier_type: 'phone', status: 'interested', notes: '   ' }).expect(
        200,
      );
      await patch({ identifier: '11987654321', identifier_type: 'phone', status: 'converted', notes: '' }).expect(200);
      expect(await counts()).to.deep.equal({ people: 1, interactions: 1, notes: 0 });
      const list = await api()
        .get('/sdr/interactions')
        .query({ identifier: '11987654321', identifier_type: 'phone' })
        .set('x-api-key', key)
        .expect(200);
      expect(list.body.data[0]).to.include({ status: 'converted', interaction_notes: null });
    });

    it('finds the person by CPF with or without formatting', async () => {
      const created = await create({
        phone: '(31) 99876-1234',
        cpf: CPF,
        channel: 'sms',
        result: 'interested',
        name: 'Caio',
      }).expect(201);
      for (const identifier of [CPF, '52998224725', ' 529 982 247 25 ']) {
        const res = await patch({ identifier, identifier_type: 'cpf', status: 'converted' }).expect(200);
        expect(res.body).to.include({ interaction_id: created.body.id, new_status: 'converted', person_name: 'Caio' });
      }
    });

    it('moves the most recent interaction of the person', async () => {
      await create({ phone: '11987654321', channel: 'whatsapp', result: 'no_response' }).expect(201);
      clock.advance(25 * HOUR);
      const newer = await create({ phone: '11987654321', channel: 'sms', result: 'callback_requested' }).expect(201);
      const res = await patch({ identifier: '11987654321', identifier_type: 'phone', status: 'converted' }).expect(200);
      expect(res.body).to.include({ interaction_id: newer.body.id, previous_status: 'callback_requested' });
      const list = await api()
        .get('/sdr/interactions')
        .query({ identifier: '11987654321', identifier_type: 'phone' })
        .set('x-api-key', key)
        .expect(200);
      expect(list.body.data.map((i: { status: string }) => i.status)).to.deep.equal(['converted', 'no_response']);
    });

    it('appends notes with their time and keeps the earlier ones', async () => {
      const created = await create({
        phone: '11987654321',
        channel: 'whatsapp',
        result: 'no_response',
        notes: 'first contact',
      }).expect(201);
      clock.advance(60_000);
      await patch({
        identifier: '11987654321',
        identifier_type: 'phone',
        status: 'interested',
        notes: 'asked for a quote',
      }).expect(200);
      clock.advance(60_000);
      await patch({
        identifier: '11987654321',
        identifier_type: 'phone',
        status: 'callback_requested',
        notes: 'call back at 5 pm',
      }).expect(200);
      await patch({ identifier: '11987654321', identifier_type: 'phone', status: 'callback_requested' }).expect(200);
      const list = await api()
        .get('/sdr/interactions')
        .query({ identifier: '(11) 98765-4321', identifier_type: 'phone' })
        .set('x-api-key', key)
        .expect(200);
      expect(list.body.total).to.equal(1);
      expect(list.body.data[0]).to.include({
        id: created.body.id,
        status: 'callback_requested',
        result: 'no_response',
        channel: 'whatsapp',
        contact: false,
      });
      expect(list.body.data[0].interaction_notes).to.equal(
        [
          '[2026-03-01T12:00:00.000Z] first contact',
          '[2026-03-01T12:01:00.000Z] asked for a quote',
          '[2026-03-01T12:02:00.000Z] call back at 5 pm',
        ].join('\n'),
      );
    });

    it('keeps all 20 notes of 20 concurrent updates of one person', async () => {
      const created = await create({ phone: '11987654321', channel: 'whatsapp', result: 'no_response' }).expect(201);
      const notes = Array.from({ length: 20 }, (_, i) => `note ${i}`);
      const results = await Promise.all(
        notes.map((note, i) =>
          patch({
            identifier: '11987654321',
            identifier_type: 'phone',
            status: i % 2 === 0 ? 'interested' : 'converted',
            notes: note,
          }),
        ),
      );
      for (const res of results) expect(res.status).to.equal(200);
      const stored = await sdrNotesCollection(rt.db).find({ interactionId: created.body.id }).toArray();
      expect(stored.map((n) => n.text)).to.have.members(notes);
      const list = await api()
        .get('/sdr/interactions')
        .query({ identifier: '11987654321', identifier_type: 'phone' })
        .set('x-api-key', key)
        .expect(200);
      const text = list.body.data[0].interaction_notes as string;
      for (const note of notes) expect(text).to.match(new RegExp(`\\] ${note}$`, 'm'));
    });

    it('answers 404 naming the identifier kind and canonical value', async () => {
      const phone = await patch({
        identifier: '+55 (11) 98765-4321',
        identifier_type: 'phone',
        status: 'interested',
      }).expect(404);
      expect(phone.body).to.include({
        statusCode: 404,
        message: 'No SDR interaction found for phone 5511987654321',
        path: '/sdr/interactions/status',
      });
      const cpf = await patch({ identifier: '123.456.789-09', identifier_type: 'cpf', status: 'interested' }).expect(
        404,
      );
      expect(cpf.body.message).to.equal('No SDR interaction found for cpf 12345678909');
      // CONTRACT 12.1: the API event log keeps the messages masked, never the phone or the CPF.
      await rt.flushEvents();
      const stored = await apiEventCollection(rt.db)
        .find({ requestId: { $in: [String(phone.headers['x-request-id']), String(cpf.headers['x-request-id'])] } })
        .toArray();
      expect(stored.map((e) => e.errorMessages).sort()).to.deep.equal([
        ['No SDR interaction found for cpf 123*****909'],
        ['No SDR interaction found for phone 5511*****4321'],
      ]);
      expect(JSON.stringify(stored)).not.to.match(/12345678909|5511987654321|987654321/);
      // A person without interactions (a manual sale) is still "no interaction".
      await api()
        .post('/api/sales/manual')
        .set('x-api-key', key)
        .send({ venda: { sellerId: 'S', sellerName: 'S' }, pessoa: { fullName: 'X', cpf: CPF } })
        .expect(201);
      await patch({ identifier: CPF, identifier_type: 'cpf', status: 'interested' }).expect(404);
      await api()
        .get('/sdr/interactions')
        .query({ identifier: CPF, identifier_type: 'cpf' })
        .set('x-api-key', key)
        .expect(404);
    });

    it('answers 400 with one message per problem and writes nothing', async () => {
      await create({ phone: '11987654321', channel: 'whatsapp', result: 'no_response' }).expect(201);
      const before = await sdrInteractionsCollection(rt.db).findOne({});
      const cases: [unknown, string[]][] = [
        [{ identifier_type: 'phone', status: 'interested' }, ['identifier is required']],
        [
          { identifier: '11987654321', identifier_type: 'email', status: 'interested' },
          ['identifier_type must be one of phone, cpf'],
        ],
        [
          { identifier: '11987654321', identifier_type: 'phone', status: 'won' },
          ['status must be one of interested, not_interested, no_response, callback_requested, converted'],
        ],
        [
          { identifier: '(20) 1234-5678', identifier_type: 'phone', status: 'interested' },
          ['identifier must be a valid Brazilian phone number'],
        ],
        [
          { identifier: '529.982.247-24', identifier_type: 'cpf', status: 'interested' },
          ['identifier must be a valid CPF'],
        ],
        [
          { identifier: '11987654321', identifier_type: 'phone', status: 'interested', notes: 42 },
          ['notes must be a string'],
        ],
        [{ identifier: { $gt: '' }, identifier_type: 'phone', status: 'interested' }, ['identifier must be a string']],
        [
          { identifier: '123', identifier_type: 'phone', status: 'won', notes: ['x'] },
          [
            'identifier must be a valid Brazilian phone number',
            'status must be one of interested, not_interested, no_response, callback_requested, converted',
            'notes must be a string',
          ],
        ],
        [[1, 2], ['body must be a JSON object']],
      ];
      for (const [body, messages] of cases) {
        const res = await patch(body).expect(400);
        expect(res.body).to.include({ statusCode: 400, path: '/sdr/interactions/status' });
        expect(res.body.error, JSON.stringify(body)).to.have.members(messages);
      }
      expect(await sdrInteractionsCollection(rt.db).findOne({})).to.deep.equal(before);
      expect(await sdrNotesCollection(rt.db).countDocuments({})).to.equal(0);
    });

    it('takes only an API key (X-API-KEY or Bearer): 401 without, with an unknown key, or with a JWT', async () => {
      await create({ phone: '11987654321', channel: 'whatsapp', result: 'no_response' }).expect(201);
      const body = { identifier: '11987654321', identifier_type: 'phone', status: 'interested', notes: 'x' };
      const missing = await api().patch('/sdr/interactions/status').send(body).expect(401);
      expect(missing.body).to.include({ statusCode: 401, path: '/sdr/interactions/status' });
      await api().patch('/sdr/interactions/status').set('x-api-key', 'a'.repeat(64)).send(body).expect(401);
      const login = await api()
        .post('/auth/login')
        .send({ email: operatorEmail, password: 'correct horse battery' })
        .expect(200);
      const cookies = login.headers['set-cookie'] as unknown as string[];
      await api().patch('/sdr/interactions/status').set('Cookie', cookies).send(body).expect(401);
      expect(await sdrNotesCollection(rt.db).countDocuments({})).to.equal(0);
      expect((await sdrInteractionsCollection(rt.db).findOne({}))?.status).to.equal('no_response');
      await api().patch('/sdr/interactions/status').set('authorization', `Bearer ${key}`).send(body).expect(200);
      // The read back takes the combined guard: a JWT cookie works there.
      await api()
        .get('/sdr/interactions')
        .query({ identifier: '11987654321', identifier_type: 'phone' })
        .set('Cookie', cookies)
        .expect(200);
      await api().get('/sdr/interactions').query({ identifier: '11987654321', identifier_type: 'phone' }).expect(401);
    });
  });
});
