import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  chatMessagesCollection,
  chatSessionsCollection,
} from '../../../../../src/adapters/mongo/assistant/chat-collections';
import { MongoChatRepository } from '../../../../../src/adapters/mongo/assistant/mongo-chat-repository';
import { cookiePairs, openSalesRuntime, type SalesRuntime } from '../../../../support/sales-runtime';

describe('chat session routes (spec part 4, CONTRACT 8.4)', () => {
  let rt: SalesRuntime;
  let keyA: string;
  let keyB: string;
  let userA: string;
  let emailA: string;

  beforeEach(async () => {
    rt = await openSalesRuntime();
    const a = await rt.createUser({ role: 'operator' });
    const b = await rt.createUser({ role: 'admin' });
    userA = a.id;
    emailA = a.email;
    keyA = (await rt.createApiKey(a.email)).key;
    keyB = (await rt.createApiKey(b.email)).key;
  });
  afterEach(() => rt.close());

  const api = () => request(rt.callback);
  const create = (key: string, body: Record<string, unknown> = {}) =>
    api().post('/api/chat-sessions').set('x-api-key', key).send(body);
  const storedSessions = () => chatSessionsCollection(rt.db).countDocuments({ userId: userA });
  /**
   * Messages as the assistant stores them, through the repository the routes read (the assistant's own tests go through
   * /ai/execute).
   */
  const append = (sessionId: string, content: string, role: 'user' | 'assistant' = 'user') =>
    new MongoChatRepository(rt.db).appendOwnedMessage(
      userA,
      {
        id: randomUUID(),
        sessionId,
        role,
        content,
        metadata: role === 'assistant' ? { operationType: 'answer', executionTimeMs: 5 } : null,
      },
      new Date(),
    );

  it(
    'creates (201) a session with the fields of spec part 2; defaults: title "Nova conversa", empty description, ' +
      'active',
    async () => {
      const res = await create(keyA).expect(201);
      expect(Object.keys(res.body).sort()).to.deep.equal([
        'createdAt',
        'description',
        'id',
        'lastActivityAt',
        'messageCount',
        'preview',
        'status',
        'title',
        'updatedAt',
        'userId',
      ]);
      expect(res.body).to.include({
        userId: userA,
        title: 'Nova conversa',
        description: '',
        status: 'active',
        messageCount: 0,
        preview: '',
      });
      expect(res.body.lastActivityAt).to.equal(res.body.createdAt);
      const named = await create(keyA, { title: '  Leads da semana ', description: 'conferir SDR' }).expect(201);
      expect(named.body).to.include({ title: 'Leads da semana', description: 'conferir SDR' });
      const got = await api().get(`/api/chat-sessions/${named.body.id}`).set('x-api-key', keyA).expect(200);
      expect(got.body).to.deep.equal(named.body);
    },
  );

  it('accepts the JWT (cookie and Bearer) and the API key; 401 without a credential', async () => {
    const login = await api()
      .post('/auth/login')
      .send({ email: emailA, password: 'correct horse battery' })
      .expect(200);
    const cookies = cookiePairs(login.headers['set-cookie']);
    const created = await api().post('/api/chat-sessions').set('Cookie', cookies).send({}).expect(201);
    const token = cookies.find((c) => c.startsWith('access_token='))?.slice('access_token='.length) ?? '';
    await api().get(`/api/chat-sessions/${created.body.id}`).set('Authorization', `Bearer ${token}`).expect(200);
    await api().get('/api/chat-sessions').expect(401);
    await api().post('/api/chat-sessions').send({}).expect(401);
    expect(await storedSessions()).to.equal(1);
  });

  it("lists the caller's own sessions newest activity first, paginated, filtered by status", async () => {
    const first = await create(keyA, { title: 'primeira' }).expect(201);
    const second = await create(keyA, { title: 'segunda' }).expect(201);
    await create(keyB, { title: 'de outro' }).expect(201);
    // A message makes the first session the most recent.
    await append(first.body.id, 'quantos leads hoje?');
    const list = await api().get('/api/chat-sessions').set('x-api-key', keyA).expect(200);
    expect(list.body).to.include({ total: 2, page: 1, limit: 20, hasMore: false });
    expect(list.body.data.map((s: { title: string }) => s.title)).to.deep.equal(['primeira', 'segunda']);
    expect(list.body.data[0]).to.include({ messageCount: 1, preview: 'quantos leads hoje?' });
    const page = await api().get('/api/chat-sessions?limit=1&page=1').set('x-api-key', keyA).expect(200);
    expect(page.body).to.include({ total: 2, limit: 1, hasMore: true });
    await api()
      .put(`/api/chat-sessions/${second.body.id}`)
      .set('x-api-key', keyA)
      .send({ status: 'archived' })
      .expect(200);
    const archived = await api().get('/api/chat-sessions?status=archived').set('x-api-key', keyA).expect(200);
    expect(archived.body.data.map((s: { id: string }) => s.id)).to.deep.equal([second.body.id]);
    const bad = await api().get('/api/chat-sessions?status=deleted&limit=0').set('x-api-key', keyA).expect(400);
    expect(bad.body.error).to.have.members([
      'limit must be an integer from 1 to 100',
      'status must be one of active, archived',
    ]);
    const repeated = await api()
      .get('/api/chat-sessions?status=active&status=archived')
      .set('x-api-key', keyA)
      .expect(400);
    expect(repeated.body.error).to.deep.equal(['status must be given once']);
  });

  it(
    'PUT changes title, description and status (archived and back), answering the session; at least one is ' +
      'required',
    async () => {
      const created = await create(keyA).expect(201);
      const res = await api()
        .put(`/api/chat-sessions/${created.body.id}`)
        .set('x-api-key', keyA)
        .send({ title: 'Apólices', description: 'renovações', status: 'archived' })
        .expect(200);
      expect(res.body).to.include({
        id: created.body.id,
        title: 'Apólices',
        description: 'renovações',
        status: 'archived',
        createdAt: created.body.createdAt,
      });
      const back = await api()
        .put(`/api/chat-sessions/${created.body.id}`)
        .set('x-api-key', keyA)
        .send({ status: 'active' })
        .expect(200);
      expect(back.body).to.include({ status: 'active', title: 'Apólices' });
      const cases: [unknown, string[]][] = [
        [{}, ['at least one of title, description, status is required']],
        [{ title: '' }, ['title must not be empty']],
        [{ title: 'x'.repeat(201) }, ['title must be at most 200 characters']],
        [{ description: 'x'.repeat(1001) }, ['description must be at most 1000 characters']],
        [{ status: 'deleted' }, ['status must be one of active, archived']],
        [{ title: 5 }, ['title must be a string']],
        [{ title: 'ok', owner: 'me' }, ['owner is not allowed']],
      ];
      for (const [body, messages] of cases) {
        const bad = await api()
          .put(`/api/chat-sessions/${created.body.id}`)
          .set('x-api-key', keyA)
          .send(body as object)
          .expect(400);
        expect(bad.body.error, JSON.stringify(body)).to.deep.equal(messages);
      }
      const got = await api().get(`/api/chat-sessions/${created.body.id}`).set('x-api-key', keyA).expect(200);
      expect(got.body).to.deep.equal(back.body);
    },
  );

  it('POST takes the limits of PUT; a bad body is a 400 and nothing is stored', async () => {
    for (const body of [
      { title: '' },
      { title: 'x'.repeat(201) },
      { description: 'x'.repeat(1001) },
      { status: 'active' },
      { title: 1 },
    ]) {
      await create(keyA, body).expect(400);
    }
    await api()
      .post('/api/chat-sessions')
      .set('x-api-key', keyA)
      .set('Content-Type', 'application/json')
      .send('[]')
      .expect(400);
    expect(await storedSessions()).to.equal(0);
  });

  it(
    'history: oldest first, limit (default 50, 1 to 200), offset, role; total counts with the role ' + 'filter',
    async () => {
      const created = await create(keyA).expect(201);
      for (let i = 0; i < 3; i += 1) {
        await append(created.body.id, `pergunta ${i}`);
        await append(created.body.id, `resposta ${i}`, 'assistant');
      }
      const all = await api().get(`/api/chat-sessions/${created.body.id}/history`).set('x-api-key', keyA).expect(200);
      expect(all.body).to.include({ sessionId: created.body.id, total: 6, limit: 50, offset: 0 });
      expect(all.body.messages.map((m: { content: string }) => m.content)).to.deep.equal([
        'pergunta 0',
        'resposta 0',
        'pergunta 1',
        'resposta 1',
        'pergunta 2',
        'resposta 2',
      ]);
      expect(all.body.messages[1]).to.deep.include({
        role: 'assistant',
        metadata: { operationType: 'answer', executionTimeMs: 5 },
      });
      expect(all.body.messages[0].metadata).to.equal(null);
      const answers = await api()
        .get(`/api/chat-sessions/${created.body.id}/history?role=assistant&offset=1&limit=1`)
        .set('x-api-key', keyA)
        .expect(200);
      expect(answers.body).to.include({ total: 3, limit: 1, offset: 1 });
      expect(answers.body.messages.map((m: { content: string }) => m.content)).to.deep.equal(['resposta 1']);
      const bad = await api()
        .get(`/api/chat-sessions/${created.body.id}/history?limit=201&offset=-1&role=system`)
        .set('x-api-key', keyA)
        .expect(400);
      expect(bad.body.error).to.deep.equal([
        'limit must be an integer from 1 to 200',
        'offset must be an integer from 0 to 1000000',
        'role must be one of user, assistant',
      ]);
      await api().get(`/api/chat-sessions/${created.body.id}/history?limit=200`).set('x-api-key', keyA).expect(200);
      const session = await api().get(`/api/chat-sessions/${created.body.id}`).set('x-api-key', keyA).expect(200);
      expect(session.body).to.include({ messageCount: 6, preview: 'resposta 2' });
      expect(Date.parse(session.body.lastActivityAt)).to.be.at.least(Date.parse(session.body.createdAt));
    },
  );

  it('DELETE answers 204 and removes the session with its messages', async () => {
    const created = await create(keyA).expect(201);
    await append(created.body.id, 'a');
    await append(created.body.id, 'b', 'assistant');
    const res = await api().delete(`/api/chat-sessions/${created.body.id}`).set('x-api-key', keyA).expect(204);
    expect(res.text).to.equal('');
    await api().get(`/api/chat-sessions/${created.body.id}`).set('x-api-key', keyA).expect(404);
    await api().get(`/api/chat-sessions/${created.body.id}/history`).set('x-api-key', keyA).expect(404);
    await api().delete(`/api/chat-sessions/${created.body.id}`).set('x-api-key', keyA).expect(404);
    expect(await chatMessagesCollection(rt.db).countDocuments({ sessionId: created.body.id })).to.equal(0);
  });

  it(
    'another user\'s session is 404 "Chat session not found" for get, put, delete and history, and stays as it ' +
      'was',
    async () => {
      const created = await create(keyA, { title: 'minha' }).expect(201);
      await append(created.body.id, 'segredo');
      for (const call of [
        api().get(`/api/chat-sessions/${created.body.id}`),
        api().put(`/api/chat-sessions/${created.body.id}`).send({ title: 'tomada' }),
        api().delete(`/api/chat-sessions/${created.body.id}`),
        api().get(`/api/chat-sessions/${created.body.id}/history`),
      ]) {
        const res = await call.set('x-api-key', keyB).expect(404);
        expect(res.body).to.include({ statusCode: 404, message: 'Chat session not found' });
      }
      const got = await api().get(`/api/chat-sessions/${created.body.id}`).set('x-api-key', keyA).expect(200);
      expect(got.body).to.include({ title: 'minha', messageCount: 1 });
      const list = await api().get('/api/chat-sessions').set('x-api-key', keyB).expect(200);
      expect(list.body.total).to.equal(0);
      await api().get(`/api/chat-sessions/${randomUUID()}`).set('x-api-key', keyA).expect(404);
      await api().get('/api/chat-sessions/not-a-uuid').set('x-api-key', keyA).expect(404);
    },
  );
});
