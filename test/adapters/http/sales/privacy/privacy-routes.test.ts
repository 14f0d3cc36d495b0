import { expect } from 'chai';
import request from 'supertest';
import { API_EVENT_LOGS } from '../../../../../src/adapters/mongo/sales-identity/api-event-collection';
import { DEFAULT_GATEWAY_MESSAGES } from '../../../../../src/adapters/mongo/sdr/gateway-messages-collection';
import { MongoChatRepository } from '../../../../../src/adapters/mongo/assistant/mongo-chat-repository';
import { openSalesRuntime, type SalesRuntime } from '../../../../support/sales-runtime';
import { holdingCounts } from '../../../../support/privacy';

const CPF = '529.982.247-25';
const CPF_DIGITS = '52998224725';
const OTHER_CPF = '111.444.777-35';

describe('privacy routes (CONTRACT 12.1, 12.2)', () => {
  let rt: SalesRuntime;
  let key: string;
  let operatorKey: string;

  beforeEach(async () => {
    rt = await openSalesRuntime();
    key = (await rt.createApiKey((await rt.createUser({ role: 'admin' })).email)).key;
    operatorKey = (await rt.createApiKey((await rt.createUser({ role: 'operator' })).email)).key;
  });
  afterEach(() => rt.close());

  const api = () => request(rt.callback);
  const sale = (cpf: string, mobile: string, email: string) =>
    api()
      .post('/api/sales/manual')
      .set('x-api-key', key)
      .send({
        venda: { sellerId: 'S-1', sellerName: 'Carla' },
        pessoa: { fullName: 'Bruno Lima', cpf, mobile, personalEmail: email },
      })
      .expect(201);
  const interaction = (phone: string) =>
    api()
      .post('/sdr/interactions')
      .set('x-api-key', key)
      .send({ phone, channel: 'whatsapp', result: 'callback_requested', notes: 'ligar amanhã' });
  const gatewayMessage = (jid: string, id: string) =>
    rt.db.collection(DEFAULT_GATEWAY_MESSAGES).insertOne({
      instance: 'main',
      key: { id, remoteJid: jid, fromMe: false },
      pushName: 'Bruno',
      messageType: 'conversation',
      message: { conversation: 'oi' },
      messageTimestamp: 1_767_000_000,
    });

  async function seedSubject(): Promise<void> {
    await sale(CPF, '(21) 99999-0000', 'bruno@example.com');
    await interaction('+55 21 9999-0000').expect(201);
    // The gateway's id of the number without its ninth digit is the same subject (CONTRACT 3.4).
    await gatewayMessage('552199990000@s.whatsapp.net', 'm1');
    await gatewayMessage('5521999990000@s.whatsapp.net', 'm2');
    await api()
      .post('/api/policies')
      .set('x-api-key', key)
      .send({
        policyNumber: 'AP-1',
        cpf: CPF,
        saleId: null,
        insurer: 'Porto',
        product: 'life',
        premiumCents: 100,
        startDate: '2026-01-01',
        endDate: '2027-01-01',
      })
      .expect(201);
    // Someone else.
    await sale(OTHER_CPF, '(11) 98888-7777', 'other@example.com');
    await gatewayMessage('5511988887777@s.whatsapp.net', 'm3');
  }

  it('counts what every store holds of a subject found by CPF, phone (any spelling) or e-mail', async () => {
    await seedSubject();
    for (const query of [{ cpf: CPF }, { phone: '(21) 9999-0000' }, { email: 'bruno@example.com' }]) {
      const res = await api().get('/privacy/subjects').query(query).set('x-api-key', key).expect(200);
      expect(res.body.subject, JSON.stringify(query)).to.deep.equal({
        cpf: CPF_DIGITS,
        phones: res.body.subject.phones,
        emails: ['bruno@example.com'],
      });
      expect(res.body.subject.phones).to.include('5521999990000');
      expect(holdingCounts(res.body), JSON.stringify(query)).to.deep.equal({
        people: 1,
        sales: 1,
        sdrInteractions: 1,
        sdrContacts: holdingCounts(res.body).sdrContacts,
        sdrChats: holdingCounts(res.body).sdrChats,
        gatewayMessages: 2,
        policies: 1,
        chatMessages: 0,
      });
    }
  });

  it("finds the assistant's chat messages whose text names the subject's CPF, phone or e-mail", async () => {
    await seedSubject();
    const user = await rt.createUser({ role: 'operator' });
    const created = await rt.runtime.app.assistant.useCases.createChatSession.execute({ userId: user.id });
    if (created._tag === 'Left') throw new Error('no session');
    const chats = new MongoChatRepository(rt.db);
    const texts = [
      'Vendas do CPF 529.982.247-25?',
      'Cliente no (21) 99999-0000, escreva para BRUNO@example.com',
      'Nada pessoal aqui; outro cliente 111.444.777-35',
    ];
    for (const [i, content] of texts.entries())
      await chats.appendOwnedMessage(
        user.id,
        { id: `msg-${i}`, sessionId: created.right.id, role: 'user', content, metadata: null },
        new Date('2026-03-01T12:00:00Z'),
      );
    const res = await api().get('/privacy/subjects').query({ phone: '21 9999-0000' }).set('x-api-key', key);
    expect(res.status).to.equal(200);
    expect(holdingCounts(res.body).chatMessages).to.equal(2);
    const exported = await api().get('/privacy/subjects/export').query({ cpf: CPF }).set('x-api-key', key);
    expect(exported.body.stores.chatMessages.map((m: { id: string }) => m.id).sort()).to.deep.equal(['msg-0', 'msg-1']);
  });

  it('answers zero counts for an unknown subject', async () => {
    const res = await api().get('/privacy/subjects').query({ email: 'nobody@example.com' }).set('x-api-key', key);
    expect(res.status).to.equal(200);
    expect(res.body.holdings.every((h: { count: number }) => h.count === 0)).to.equal(true);
    expect(res.body.holdings).to.have.length(8);
  });

  it('refuses zero or two identifiers and malformed values with the rule in words (400)', async () => {
    const bad = async (query: Record<string, string>, message: string) => {
      const res = await api().get('/privacy/subjects').query(query).set('x-api-key', key).expect(400);
      expect(JSON.stringify(res.body)).to.include(message);
    };
    await bad({}, 'exactly one of cpf, phone and email is required');
    await bad({ cpf: CPF, email: 'a@b.co' }, 'exactly one of cpf, phone and email is required');
    await bad({ cpf: '123.456.789-00' }, 'cpf must be a valid CPF');
    await bad({ phone: '12345' }, 'phone must be a Brazilian phone number');
    await bad({ email: 'not-an-email' }, 'email must be an e-mail address');
  });

  it('is for admins only: another role is 403, no credential 401', async () => {
    await api().get('/privacy/subjects').query({ cpf: CPF }).set('x-api-key', operatorKey).expect(403);
    await api().get('/privacy/subjects/export').query({ cpf: CPF }).set('x-api-key', operatorKey).expect(403);
    await api().get('/privacy/subjects').query({ cpf: CPF }).expect(401);
  });

  it('exports the subject as a JSON attachment, store by store, without the other subject', async () => {
    await seedSubject();
    const res = await api().get('/privacy/subjects/export').query({ cpf: CPF }).set('x-api-key', key).expect(200);
    expect(res.headers['content-type']).to.match(/^application\/json/);
    expect(res.headers['content-disposition']).to.match(/^attachment; filename="subject-export-.*\.json"$/);
    expect(Object.keys(res.body.stores)).to.have.length(8);
    expect(res.body.stores.people).to.have.length(1);
    expect(res.body.stores.people[0].cpf).to.equal(CPF_DIGITS);
    // Sales and policies in the API's shapes (GET /api/sales/{id}, GET /api/policies/{id}).
    expect(res.body.stores.sales[0].pessoa.id).to.equal(res.body.stores.people[0].id);
    expect(res.body.stores.sales[0].delivery.webhookProcessed).to.equal(false);
    expect(res.body.stores.policies[0]).to.include({ policyNumber: 'AP-1', personId: res.body.stores.people[0].id });
    expect(res.body.stores.gatewayMessages.map((m: { id: string }) => m.id).sort()).to.deep.equal(['m1', 'm2']);
    expect(res.body.stores.sdrInteractions[0].notes[0].text).to.include('ligar amanhã');
    expect(res.text).to.not.include('11144477735');
    expect(res.body.generatedAt).to.be.a('string');
  });

  it('logs every export as an authenticated action, never with the identifier', async () => {
    await api().get('/privacy/subjects/export').query({ cpf: CPF }).set('x-api-key', key).expect(200);
    await rt.flushEvents();
    const events = await rt.db.collection(API_EVENT_LOGS).find({}).toArray();
    const exports = events.filter((e) => JSON.stringify(e).includes('/privacy/subjects/export'));
    expect(exports).to.have.length(1);
    expect(JSON.stringify(events)).to.not.include(CPF_DIGITS);
    expect(JSON.stringify(events)).to.not.include('529.982');
  });
});
