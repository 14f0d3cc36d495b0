import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  chatMessagesCollection,
  chatSessionsCollection,
} from '../../../../../src/adapters/mongo/assistant/chat-collections';
import { MongoChatRepository } from '../../../../../src/adapters/mongo/assistant/mongo-chat-repository';
import { MongoPersonRepository } from '../../../../../src/adapters/mongo/sales/mongo-person-repository';
import { MongoSaleRepository } from '../../../../../src/adapters/mongo/sales/mongo-sale-repository';
import type { Overrides } from '../../../../../src/composition-root';
import { FakeOpenAiServer, toolsWhileOffered, type ReceivedRequest } from '../../../../support/fake-openai-server';
import { person, sale } from '../../../../support/sales-fixtures';
import { openSalesRuntime, type SalesRuntime } from '../../../../support/sales-runtime';

/** A key that must never leave the service except in the Authorization header to the model. */
const AI_KEY = 'sk-test-NEVER-LOG-0123456789abcdef';
const CPF = '52998224725';

describe('POST /ai/execute (CONTRACT 8.4, spec part 8)', () => {
  let server: FakeOpenAiServer;
  let rt: SalesRuntime;
  let operatorKey: string;
  let adminKey: string;
  let operatorId: string;
  const answers: string[] = [];

  const open = async (env: Record<string, string> = {}, overrides: Overrides = {}) => {
    rt = await openSalesRuntime({
      env: { AI_API_URL: server.url, AI_API_KEY: AI_KEY, AI_MODEL: 'test-model', ...env },
      overrides: { assistantModelRetries: 0, ...overrides },
    });
    const operator = await rt.createUser({ role: 'operator' });
    const admin = await rt.createUser({ role: 'admin' });
    operatorId = operator.id;
    operatorKey = (await rt.createApiKey(operator.email)).key;
    adminKey = (await rt.createApiKey(admin.email)).key;
  };

  beforeEach(async () => {
    server = await FakeOpenAiServer.start();
    answers.length = 0;
  });
  afterEach(async () => {
    // Nothing the service answered carries the key, and neither does anything it logged.
    expect(answers.join('\n')).to.not.include(AI_KEY);
    expect(rt.log.text()).to.not.include(AI_KEY);
    await rt.close();
    await server.close();
  });

  const ask = (body: Record<string, unknown>, key = operatorKey) =>
    request(rt.callback)
      .post('/ai/execute')
      .set('x-api-key', key)
      .send(body)
      .expect((res) => void answers.push(JSON.stringify(res.headers), res.text));
  const history = async (sessionId: string) =>
    (await new MongoChatRepository(rt.db).history(sessionId, undefined, 0, 100)).items;
  const sessionsOf = (userId: string) => chatSessionsCollection(rt.db).find({ userId }).toArray();
  const toolMessages = (req: ReceivedRequest | undefined) =>
    (req?.body.messages ?? []).filter((m) => m.role === 'tool');
  const offered = (req: ReceivedRequest | undefined) => (req?.body.tools ?? []).map((tool) => tool.function.name);

  it(
    'a plain answer: 200 {sessionId, message}; a session titled from the message; both messages stored; the key ' +
      'sent as Bearer',
    async () => {
      await open();
      server.answer({ content: 'Nenhum lead virou venda hoje.' });
      const res = await ask({ message: 'quantos leads viraram venda hoje?' }).expect(200);
      expect(Object.keys(res.body).sort()).to.deep.equal(['message', 'sessionId']);
      expect(res.body.message).to.deep.include({
        sessionId: res.body.sessionId,
        role: 'assistant',
        content: 'Nenhum lead virou venda hoje.',
      });
      expect(res.body.message.metadata.operationType).to.equal('answer');
      expect(res.body.message.metadata.executionTimeMs).to.be.a('number');
      const [session] = await sessionsOf(operatorId);
      expect(session).to.deep.include({
        _id: res.body.sessionId,
        title: 'quantos leads viraram venda hoje?',
        messageCount: 2,
        preview: 'Nenhum lead virou venda hoje.',
      });
      expect((await history(res.body.sessionId)).map((m) => [m.role, m.content])).to.deep.equal([
        ['user', 'quantos leads viraram venda hoje?'],
        ['assistant', 'Nenhum lead virou venda hoje.'],
      ]);
      const [received] = server.received;
      expect(received?.path).to.equal('/v1/chat/completions');
      expect(received?.headers.authorization).to.equal(`Bearer ${AI_KEY}`);
      expect(received?.body.model).to.equal('test-model');
      expect(received?.body.messages.map((m) => m.role)).to.deep.equal(['system', 'user']);
      expect(received?.body.messages[1]?.content).to.equal('quantos leads viraram venda hoje?');
      // Every role reads sales, contacts and policies; the KPI tool is not among them for an operator.
      expect(offered(received)).to.have.members(['search_sales', 'find_contact', 'find_policies']);
      const got = await request(rt.callback)
        .get(`/api/chat-sessions/${res.body.sessionId}/history`)
        .set('x-api-key', operatorKey)
        .expect(200);
      expect(got.body.messages[1]).to.deep.equal(res.body.message);
    },
  );

  it(
    'a tool call: find_policies runs on the real data and its result reaches the model in the next ' + 'request',
    async () => {
      await open();
      await request(rt.callback)
        .post('/api/policies')
        .set('x-api-key', adminKey)
        .send({
          policyNumber: 'AP-2026/0001',
          cpf: CPF,
          saleId: null,
          insurer: 'Porto Seguro',
          product: 'auto',
          premiumCents: 189_900,
          startDate: '2026-01-01',
          endDate: '2027-01-01',
          vehiclePlate: 'abc-1234',
        })
        .expect(201);
      server.answer(
        {
          toolCalls: [{ id: 'call-pol', name: 'find_policies', arguments: JSON.stringify({ cpf: '529.982.247-25' }) }],
        },
        { content: 'A apólice AP-2026/0001 está pendente.' },
      );
      const res = await ask({ message: 'qual a apólice do CPF 529.982.247-25?' }).expect(200);
      expect(res.body.message).to.deep.include({ content: 'A apólice AP-2026/0001 está pendente.' });
      expect(res.body.message.metadata.operationType).to.equal('find_policies');
      expect(server.received).to.have.length(2);
      const second = server.received[1]?.body.messages ?? [];
      expect(second.at(-2)).to.deep.include({ role: 'assistant' });
      expect(second.at(-2)?.tool_calls?.[0]).to.deep.include({
        id: 'call-pol',
        function: { name: 'find_policies', arguments: '{"cpf":"529.982.247-25"}' },
      });
      const [result] = toolMessages(server.received[1]);
      expect(result?.tool_call_id).to.equal('call-pol');
      const content = JSON.parse(result?.content ?? '{}');
      expect(content.cpf).to.equal(CPF);
      expect(content.policies).to.have.length(1);
      expect(content.policies[0]).to.include({
        policyNumber: 'AP-2026/0001',
        insurer: 'Porto Seguro',
        status: 'pending',
        vehiclePlate: 'ABC1234',
      });
      // Only the question and the answer are stored: tool turns live in the exchange with the model.
      expect((await history(res.body.sessionId)).map((m) => m.role)).to.deep.equal(['user', 'assistant']);
    },
  );

  it('two tool rounds (search_sales by name, then find_contact by phone) before the answer', async () => {
    await open();
    const people = new MongoPersonRepository(rt.db);
    const maria = await people.saveByCpf(person({ fullName: 'Maria Aparecida Souza', cpf: CPF }));
    await new MongoSaleRepository(rt.db).insert(sale(maria.id));
    await request(rt.callback)
      .post('/sdr/interactions')
      .set('x-api-key', operatorKey)
      .send({ phone: '(11) 98765-4321', channel: 'whatsapp', result: 'interested', name: 'Maria' })
      .expect(201);
    server.answer(
      { toolCalls: [{ name: 'search_sales', arguments: '{"name":"aparecida","limit":5}' }] },
      { toolCalls: [{ name: 'find_contact', arguments: '{"phone":"11 98765-4321"}' }] },
      { content: 'Maria tem uma venda e um contato no WhatsApp.' },
    );
    const res = await ask({ message: 'o que temos da Maria Aparecida?' }).expect(200);
    expect(res.body.message.metadata.operationType).to.equal('search_sales+find_contact');
    expect(server.received).to.have.length(3);
    const sales = JSON.parse(toolMessages(server.received[1])[0]?.content ?? '{}');
    expect(sales.total).to.equal(1);
    expect(sales.sales[0].customer).to.deep.equal({ name: 'Maria Aparecida Souza', cpf: CPF, mobile: maria.mobile });
    const contact = JSON.parse(toolMessages(server.received[2]).at(-1)?.content ?? '{}');
    expect(contact.phone).to.equal('5511987654321');
    expect(contact.contacts).to.have.length(1);
    expect(contact.contacts[0]).to.include({ phone: '5511987654321', status: 'interested', interactionCount: 1 });
  });

  it(
    "get_sdr_kpis is offered to admins and managers only and runs the KPI use case; an operator's call to it runs " +
      'nothing',
    async () => {
      await open();
      const manager = await rt.createUser({ role: 'manager' });
      const managerKey = (await rt.createApiKey(manager.email)).key;
      await request(rt.callback)
        .post('/sdr/interactions')
        .set('x-api-key', operatorKey)
        .send({ phone: '(11) 98765-4321', channel: 'whatsapp', result: 'interested', converted_to_lead: true })
        .expect(201);
      server.answer({ toolCalls: [{ name: 'get_sdr_kpis', arguments: '{}' }] }, { content: 'Um contato, um lead.' });
      const res = await ask({ message: 'quantos leads viraram venda?' }, adminKey).expect(200);
      expect(offered(server.received[0])).to.have.members([
        'get_sdr_kpis',
        'search_sales',
        'find_contact',
        'find_policies',
      ]);
      expect(res.body.message.metadata.operationType).to.equal('get_sdr_kpis');
      const kpi = JSON.parse(toolMessages(server.received[1])[0]?.content ?? '{}');
      expect(kpi).to.include({ contacts: 1, leads: 1, conversionRate: 1, timezone: 'America/Sao_Paulo' });
      expect(Object.keys(kpi).sort()).to.deep.equal([
        'averageResponseTimeSeconds',
        'contacts',
        'conversionRate',
        'leads',
        'period',
        'responseRate',
        'timezone',
      ]);
      server.answer(
        {
          toolCalls: [
            { name: 'get_sdr_kpis', arguments: '{"dateFrom":"2026-02-30","dateTo":"ontem"}' },
            { name: 'get_sdr_kpis', arguments: '{"dateFrom":"2020-01-01","dateTo":"2026-01-01"}' },
          ],
        },
        { content: 'Datas inválidas.' },
      );
      await ask({ message: 'e em fevereiro?' }, managerKey).expect(200);
      expect(offered(server.received[2])).to.include('get_sdr_kpis');
      expect(toolMessages(server.received[3]).map((m) => JSON.parse(m.content ?? '{}'))).to.deep.equal([
        { error: 'dateFrom must be an ISO 8601 date; dateTo must be an ISO 8601 date' },
        { error: 'the period must not exceed 366 days (it covers 2193 local days)' },
      ]);
      server.answer(
        { toolCalls: [{ name: 'get_sdr_kpis', arguments: '{}' }] },
        { content: 'Sem acesso aos indicadores.' },
      );
      const operator = await ask({ message: 'quantos leads?' }).expect(200);
      expect(offered(server.received[4])).to.not.include('get_sdr_kpis');
      expect(JSON.parse(toolMessages(server.received[5])[0]?.content ?? '{}')).to.deep.equal({
        error: 'unknown tool get_sdr_kpis',
      });
      expect(operator.body.message.metadata.operationType).to.equal('answer');
    },
  );

  it(
    'get_sdr_kpis and GET /kpi/sdr share the KPI cache: the tool computes, then the route answers X-Cache: HIT ' +
      'with the same figures',
    async () => {
      await open();
      await request(rt.callback)
        .post('/sdr/interactions')
        .set('x-api-key', operatorKey)
        .send({ phone: '(11) 98765-4321', channel: 'whatsapp', result: 'interested', converted_to_lead: true })
        .expect(201);
      server.answer(
        { toolCalls: [{ name: 'get_sdr_kpis', arguments: '{"dateFrom":"2026-03-01","dateTo":"2026-03-05"}' }] },
        { content: 'Em março, nada.' },
      );
      await ask({ message: 'e no começo de março?' }, adminKey).expect(200);
      const tool = JSON.parse(toolMessages(server.received[1])[0]?.content ?? '{}');
      // Explicit defaults and another spelling of the same period name the same entry (CONTRACT 8.3).
      const route = await request(rt.callback)
        .get('/kpi/sdr?timezone=America/Sao_Paulo&dateTo=2026-03-05&dateFrom=2026-03-01')
        .set('x-api-key', adminKey)
        .expect(200);
      expect(route.headers['x-cache']).to.equal('HIT');
      const { timezone, ...figures } = tool;
      expect(timezone).to.equal('America/Sao_Paulo');
      expect(route.body).to.deep.equal(figures);
      const other = await request(rt.callback)
        .get('/kpi/sdr?dateFrom=2026-03-01&dateTo=2026-03-06')
        .set('x-api-key', adminKey)
        .expect(200);
      expect(other.headers['x-cache']).to.equal('MISS');
    },
  );

  it(
    'more tool rounds than allowed: after the third the model is called once more without tools, and that answer ' +
      'is returned',
    async () => {
      await open();
      server.otherwise(
        toolsWhileOffered('find_policies', JSON.stringify({ cpf: CPF }), 'Resumo sem mais ferramentas.'),
      );
      const res = await ask({ message: 'procure sem parar' }).expect(200);
      expect(res.body.message.content).to.equal('Resumo sem mais ferramentas.');
      expect(server.received.map((r) => r.body.tools === undefined)).to.deep.equal([false, false, false, true]);
      expect(toolMessages(server.received[3])).to.have.length(3);
    },
  );

  it("invalid tool arguments from the model go back to it as the tool's error (no 500)", async () => {
    await open();
    server.answer(
      {
        toolCalls: [
          { name: 'find_policies', arguments: '{"cpf": 52998224725, "all": true}' },
          { name: 'search_sales', arguments: '{"cpf":"123"' },
          { name: 'find_policies', arguments: '{"cpf":"11111111111"}' },
        ],
      },
      { content: 'Não consegui consultar.' },
    );
    const res = await ask({ message: 'apólices?' }).expect(200);
    expect(res.body.message.content).to.equal('Não consegui consultar.');
    expect(toolMessages(server.received[1]).map((m) => JSON.parse(m.content ?? '{}'))).to.deep.equal([
      { error: 'all is not allowed; cpf must be string' },
      { error: 'arguments must be a JSON object' },
      { error: 'cpf must be a valid CPF (11 digits, check digits)' },
    ]);
  });

  it(
    'an upstream 500 is 502 "AI service unavailable"; the user message stays stored (and is context next ' + 'time)',
    async () => {
      await open();
      server.answer({ status: 500 });
      const res = await ask({ message: 'primeira pergunta' }).expect(502);
      expect(res.body).to.include({ statusCode: 502, message: 'AI service unavailable' });
      const [session] = await sessionsOf(operatorId);
      expect(session).to.deep.include({ messageCount: 1, preview: 'primeira pergunta' });
      expect((await history(session?._id ?? '')).map((m) => m.content)).to.deep.equal(['primeira pergunta']);
      expect(rt.log.lines().some((line) => line.msg === 'AI model call failed' && line.status === 500)).to.equal(true);
    },
  );

  it('retries inside the deadline: a 500 then an answer is a 200 when the client may retry', async () => {
    await open({}, { assistantModelRetries: 1 });
    server.answer({ status: 500 }, { content: 'Respondido na segunda tentativa.' });
    const res = await ask({ message: 'oi' }).expect(200);
    expect(res.body.message.content).to.equal('Respondido na segunda tentativa.');
    expect(server.received).to.have.length(2);
  });

  it('a model slower than the deadline is 502; the user message stays stored', async () => {
    await open({}, { assistantTimeoutMs: 300, assistantModelRetries: 2 });
    server.answerAfter(5_000, { content: 'tarde demais' }).otherwise({ raw: 'never reached' });
    const res = await ask({ message: 'pergunta lenta' }).expect(502);
    expect(res.body.message).to.equal('AI service unavailable');
    const [session] = await sessionsOf(operatorId);
    expect(session).to.deep.include({ messageCount: 1, preview: 'pergunta lenta' });
  });

  it("the session's earlier messages are sent as context, the new one last", async () => {
    await open();
    server.answer({ content: 'Primeira resposta.' }, { content: 'Segunda resposta.' });
    const first = await ask({ message: 'primeira' }).expect(200);
    const second = await ask({ message: 'segunda', sessionId: first.body.sessionId }).expect(200);
    expect(second.body.sessionId).to.equal(first.body.sessionId);
    expect(server.received[1]?.body.messages.slice(1).map((m) => [m.role, m.content])).to.deep.equal([
      ['user', 'primeira'],
      ['assistant', 'Primeira resposta.'],
      ['user', 'segunda'],
    ]);
    const [session] = await sessionsOf(operatorId);
    expect(session).to.deep.include({ messageCount: 4, preview: 'Segunda resposta.' });
  });

  it('concurrent questions in one session: every message counted, the preview the last of the history', async () => {
    await open();
    const first = await ask({ message: 'abre a conversa' }).expect(200);
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        ask({ message: `pergunta ${i}`, sessionId: first.body.sessionId }).expect(200),
      ),
    );
    const session = await request(rt.callback)
      .get(`/api/chat-sessions/${first.body.sessionId}`)
      .set('x-api-key', operatorKey)
      .expect(200);
    const all = await request(rt.callback)
      .get(`/api/chat-sessions/${first.body.sessionId}/history`)
      .set('x-api-key', operatorKey)
      .expect(200);
    expect(all.body.total).to.equal(12);
    expect(session.body.messageCount).to.equal(12);
    const last = all.body.messages[11];
    expect(session.body).to.include({ preview: last.content, lastActivityAt: last.createdAt });
    expect(all.body.messages.filter((m: { role: string }) => m.role === 'user')).to.have.length(6);
  });

  it(
    'another user\'s session is 404 "Chat session not found"; nothing is stored and the model is not ' + 'called',
    async () => {
      await open();
      const mine = await ask({ message: 'minha conversa' }, adminKey).expect(200);
      const res = await ask({ message: 'intrusão', sessionId: mine.body.sessionId }).expect(404);
      expect(res.body).to.include({ statusCode: 404, message: 'Chat session not found' });
      await ask({ message: 'sumiu', sessionId: randomUUID() }).expect(404);
      expect(server.received).to.have.length(1);
      expect(await chatMessagesCollection(rt.db).countDocuments({ sessionId: mine.body.sessionId })).to.equal(2);
      expect(await sessionsOf(operatorId)).to.have.length(0);
    },
  );

  it('bad input is 400 with one message per problem, and nothing is stored or asked', async () => {
    await open();
    const cases: [Record<string, unknown>, string[]][] = [
      [{}, ['message is required']],
      [{ message: '' }, ['message must not be empty']],
      [{ message: '   ' }, ['message must not be empty']],
      [{ message: 'x'.repeat(4001) }, ['message must be at most 4000 characters']],
      [{ message: 7 }, ['message must be a string']],
      [{ message: 'oi', sessionId: 'not-a-uuid' }, ['sessionId must be a UUID']],
      [{ message: 'oi', model: 'gpt-x' }, ['model is not allowed']],
    ];
    for (const [body, messages] of cases) {
      const res = await ask(body).expect(400);
      expect(res.body.error, JSON.stringify(body).slice(0, 60)).to.deep.equal(messages);
    }
    await ask({ message: 'x'.repeat(4000) }).expect(200);
    expect(server.received).to.have.length(1);
    expect(await chatSessionsCollection(rt.db).countDocuments({})).to.equal(1);
    await request(rt.callback).post('/ai/execute').send({ message: 'oi' }).expect(401);
  });

  it('without AI_API_URL and AI_MODEL: 503 "AI service not configured", the user message stored', async () => {
    await open({ AI_API_URL: '', AI_MODEL: '' });
    const res = await ask({ message: 'tem alguém aí?' }).expect(503);
    expect(res.body).to.include({ statusCode: 503, message: 'AI service not configured' });
    const [session] = await sessionsOf(operatorId);
    expect(session).to.deep.include({ messageCount: 1, preview: 'tem alguém aí?', title: 'tem alguém aí?' });
    expect(server.received).to.have.length(0);
  });

  it('limit: 20 per 60 s per client, with the limit headers; the 21st is 429', async () => {
    await open({}, { salesRateLimit: { limit: 1_000, windowMs: 60_000 } });
    for (let i = 1; i <= 20; i += 1) {
      // Bad bodies cost nothing upstream and still count.
      const res = await ask({ message: '' }).expect(400);
      expect(res.headers['x-ratelimit-limit']).to.equal('20');
      expect(res.headers['x-ratelimit-remaining']).to.equal(String(20 - i));
    }
    const limited = await ask({ message: 'mais uma' }).expect(429);
    expect(limited.body).to.deep.equal({ statusCode: 429, message: 'ThrottlerException: Too Many Requests' });
    expect(limited.headers['retry-after']).to.be.a('string');
    // Other routes keep their own counter.
    await request(rt.callback).get('/api/chat-sessions').set('x-api-key', operatorKey).expect(200);
    expect(server.received).to.have.length(0);
  });
});
