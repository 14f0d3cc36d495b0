import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import {
  ExecuteAssistant,
  DEFAULT_ASSISTANT_OPTIONS,
  type AssistantOptions,
} from '../../../src/application/assistant/execute-assistant';
import type { ModelReply } from '../../../src/application/assistant/ports';
import { defineTool, EVERY_ROLE, toolArguments, type AssistantTool } from '../../../src/application/assistant/tool';
import { newChatSession, previewOf } from '../../../src/domain/assistant/chat';
import type { SalesIdentity } from '../../../src/domain/sales-identity/sales-user';
import { GetChatHistory } from '../../../src/application/assistant/get-chat-history';
import { CrashSwitch, ProcessDied } from '../../support/fakes/crash-switch';
import { ManualClock } from '../../support/fakes/fixed-clock';
import { InMemoryChatRepository } from '../../support/fakes/in-memory-chat-repository';
import { ScriptedAssistantModel } from '../../support/fakes/scripted-assistant-model';
import { SequentialIdGenerator } from '../../support/fakes/sequential-id-generator';

const operator: SalesIdentity = { id: 'u-op', username: 'op@example.com', role: 'operator' };
const manager: SalesIdentity = { id: 'u-mgr', username: 'mgr@example.com', role: 'manager' };
const text = (content: string): ModelReply => ({ content, toolCalls: [] });
const call = (name: string, args: unknown, id = `c-${name}`): ModelReply => ({
  content: null,
  toolCalls: [{ id, name, arguments: typeof args === 'string' ? args : JSON.stringify(args) }],
});

describe('ExecuteAssistant (CONTRACT 8.4)', () => {
  let chats: InMemoryChatRepository;
  let model: ScriptedAssistantModel;
  let clock: ManualClock;
  let ids: SequentialIdGenerator;
  let runs: { tool: string; args: unknown; caller: SalesIdentity }[];
  let tools: AssistantTool[];

  beforeEach(() => {
    chats = new InMemoryChatRepository();
    model = new ScriptedAssistantModel();
    clock = new ManualClock();
    ids = new SequentialIdGenerator();
    runs = [];
    tools = [
      defineTool({
        name: 'echo',
        description: 'ecoa',
        roles: EVERY_ROLE,
        arguments: toolArguments({ word: t.string }, { times: t.number }),
        async run(args, caller) {
          runs.push({ tool: 'echo', args, caller });
          return args.word === 'bad'
            ? E.left('word must not be bad')
            : E.right({ echoed: args.word.repeat(args.times ?? 1) });
        },
      }),
      defineTool({
        name: 'kpis',
        description: 'indicadores',
        roles: ['admin', 'manager'],
        arguments: toolArguments({}, {}),
        async run(args, caller) {
          runs.push({ tool: 'kpis', args, caller });
          return E.right({ leads: 3 });
        },
      }),
    ];
  });

  const assistant = (options: Partial<AssistantOptions> = {}, withModel = true) =>
    new ExecuteAssistant(chats, withModel ? model : undefined, tools, clock, ids, {
      ...DEFAULT_ASSISTANT_OPTIONS,
      ...options,
    });
  const ask = async (message: string, caller = operator, sessionId?: string, options: Partial<AssistantOptions> = {}) =>
    assistant(options).execute({ caller, message, ...(sessionId === undefined ? {} : { sessionId }) });
  const historyOf = async (sessionId: string) =>
    (await chats.history(sessionId, undefined, 0, 100)).items.map((m) => `${m.role}:${m.content}`);

  it(
    'without a sessionId: creates a session titled from the message, stores both messages and answers the ' +
      "assistant's",
    async () => {
      model.answers(text('Três leads.'));
      const out = await ask('  quantos leads\nviraram venda esta semana?  ');
      if (E.isLeft(out)) throw new Error(out.left._tag);
      const session = await chats.findOwnedSession(operator.id, out.right.sessionId);
      expect(session).to.deep.include({
        title: 'quantos leads viraram venda esta semana?',
        messageCount: 2,
        preview: 'Três leads.',
      });
      expect(out.right.message).to.deep.include({
        role: 'assistant',
        content: 'Três leads.',
        metadata: { operationType: 'answer', executionTimeMs: 0 },
      });
      expect(await historyOf(out.right.sessionId)).to.deep.equal([
        'user:  quantos leads\nviraram venda esta semana?  ',
        'assistant:Três leads.',
      ]);
      const [request] = model.requests;
      expect(request?.messages[0]?.role).to.equal('system');
      expect(request?.messages.slice(1)).to.deep.equal([
        { role: 'user', content: '  quantos leads\nviraram venda esta semana?  ' },
      ]);
    },
  );

  it("sends the session's last 20 messages, the new one included, oldest first", async () => {
    const session = newChatSession({ id: 'S', userId: operator.id, at: clock.now() });
    await chats.insertSession(session);
    for (let i = 0; i < 25; i += 1)
      await chats.appendOwnedMessage(
        operator.id,
        { id: `m${i}`, sessionId: 'S', role: i % 2 === 0 ? 'user' : 'assistant', content: `m${i}`, metadata: null },
        clock.now(),
      );
    await ask('nova', operator, 'S');
    const sent = model.requests[0]?.messages.slice(1).map((m) => m.content);
    expect(sent).to.have.length(20);
    expect(sent?.[0]).to.equal('m6');
    expect(sent?.[19]).to.equal('nova');
  });

  it("offers only the tools of the caller's role, and runs them as the caller", async () => {
    model.answers(text('ok')).answers(call('kpis', {}), text('3 leads'));
    await ask('oi');
    expect(model.requests[0]?.tools.map((tool) => tool.name)).to.deep.equal(['echo']);
    const out = await ask('kpis?', manager);
    expect(model.requests[1]?.tools.map((tool) => tool.name)).to.deep.equal(['echo', 'kpis']);
    expect(runs).to.deep.equal([{ tool: 'kpis', args: {}, caller: manager }]);
    expect(E.isRight(out) && out.right.message.metadata?.operationType).to.equal('kpis');
  });

  it(
    'a tool the role is not offered is never run, even when the model calls it: the model reads an ' + 'error',
    async () => {
      model.answers(call('kpis', {}), text('sem acesso'));
      const out = await ask('kpis?', operator);
      expect(runs).to.deep.equal([]);
      expect(model.requests[1]?.messages.at(-1)).to.deep.equal({
        role: 'tool',
        toolCallId: 'c-kpis',
        content: '{"error":"unknown tool kpis"}',
      });
      expect(E.isRight(out) && out.right.message.metadata?.operationType).to.equal('answer');
    },
  );

  it('a tool result reaches the model in the next request, after the assistant turn that called it', async () => {
    model.answers(call('echo', { word: 'ab', times: 2 }), text('abab'));
    const out = await ask('eco');
    expect(runs).to.deep.equal([{ tool: 'echo', args: { word: 'ab', times: 2 }, caller: operator }]);
    const second = model.requests[1]?.messages ?? [];
    expect(second.slice(-2)).to.deep.equal([
      {
        role: 'assistant',
        content: null,
        toolCalls: [{ id: 'c-echo', name: 'echo', arguments: '{"word":"ab","times":2}' }],
      },
      { role: 'tool', toolCallId: 'c-echo', content: '{"echoed":"abab"}' },
    ]);
    expect(E.isRight(out) && out.right.message).to.deep.include({
      content: 'abab',
      metadata: { operationType: 'echo', executionTimeMs: 0 },
    });
  });

  it(
    "invalid arguments (not JSON, wrong types, unknown members, missing ones) go back to the model as the tool's " +
      'error; the tool does not run',
    async () => {
      model.answers(
        {
          content: null,
          toolCalls: [
            { id: 'a', name: 'echo', arguments: '{"word": 5, "extra": true}' },
            { id: 'b', name: 'echo', arguments: 'not json' },
            { id: 'c', name: 'echo', arguments: '{}' },
            { id: 'd', name: 'echo', arguments: '{"word":"bad"}' },
          ],
        },
        text('desculpe'),
      );
      const out = await ask('eco');
      expect(E.isRight(out)).to.equal(true);
      const results = (model.requests[1]?.messages ?? [])
        .filter((m) => m.role === 'tool')
        .map((m) => JSON.parse(m.content));
      expect(results).to.deep.equal([
        { error: 'extra is not allowed; word must be string' },
        { error: 'arguments must be a JSON object' },
        { error: 'word is required' },
        { error: 'word must not be bad' },
      ]);
      expect(runs.map((r) => r.args)).to.deep.equal([{ word: 'bad' }]);
    },
  );

  it('cuts a long tool result to the bound before it goes to the model', async () => {
    model.answers(call('echo', { word: 'x', times: 500 }), text('longo'));
    await ask('eco', operator, undefined, { maxToolResultChars: 100 });
    const result = (model.requests[1]?.messages ?? []).find((m) => m.role === 'tool')?.content ?? '';
    expect(result).to.have.length(100);
    expect(result.endsWith('…[truncated]')).to.equal(true);
    expect(result.startsWith('{"echoed":"xxxx')).to.equal(true);
  });

  it('two tool rounds, then the answer; operationType names the tools used, joined by +', async () => {
    model.answers(call('echo', { word: 'a' }), call('kpis', {}), text('pronto'));
    const out = await ask('tudo', manager);
    expect(model.requests).to.have.length(3);
    expect(E.isRight(out) && out.right.message.metadata?.operationType).to.equal('echo+kpis');
  });

  it('after 3 tool rounds the model is asked once more without tools, and that answer is returned', async () => {
    const hungry = new ScriptedAssistantModel((request) =>
      request.tools.length > 0 ? call('echo', { word: 'de novo' }) : text('chega de ferramentas'),
    );
    const out = await new ExecuteAssistant(chats, hungry, tools, clock, ids).execute({
      caller: operator,
      message: 'eco',
    });
    expect(hungry.requests.map((r) => r.tools.length)).to.deep.equal([1, 1, 1, 0]);
    expect(runs).to.have.length(3);
    expect(E.isRight(out) && out.right.message.content).to.equal('chega de ferramentas');
  });

  it(
    'a model failure is AiUnavailable, a missing model AiNotConfigured; the user message is stored either ' + 'way',
    async () => {
      model.answers('fail');
      expect(await ask('primeira')).to.deep.equal(E.left({ _tag: 'AiUnavailable' }));
      const none = await assistant({}, false).execute({ caller: operator, message: 'segunda' });
      expect(none).to.deep.equal(E.left({ _tag: 'AiNotConfigured' }));
      const sessions = await chats.listOwnedSessions(operator.id, undefined, 1, 10);
      expect(sessions.total).to.equal(2);
      for (const session of sessions.items) expect(session.messageCount).to.equal(1);
    },
  );

  it('past the deadline (the whole exchange) the answer is AiUnavailable', async () => {
    model.answers(call('echo', { word: 'a' }), 'hang');
    const out = await ask('lento', operator, undefined, { timeoutMs: 50 });
    expect(out).to.deep.equal(E.left({ _tag: 'AiUnavailable' }));
  });

  it("another user's (or an unknown) session is ChatSessionNotFound, and nothing is stored or asked", async () => {
    await chats.insertSession(newChatSession({ id: 'S', userId: manager.id, at: clock.now() }));
    expect(await ask('oi', operator, 'S')).to.deep.equal(E.left({ _tag: 'ChatSessionNotFound' }));
    expect(await ask('oi', operator, 'nope')).to.deep.equal(E.left({ _tag: 'ChatSessionNotFound' }));
    expect((await chats.history('S', undefined, 0, 10)).total).to.equal(0);
    expect(model.requests).to.have.length(0);
  });

  describe('the process dying between two writes (CONTRACT 10.2, chat counters derived from the messages)', () => {
    /** Every session of the caller: its counters are those of its history (CONTRACT 8.4). */
    async function expectCountersOfHistories(caller: SalesIdentity): Promise<number> {
      const sessions = await chats.listOwnedSessions(caller.id, undefined, 1, 100);
      for (const session of sessions.items) {
        const history = await chats.history(session.id, undefined, 0, 100);
        const last = history.items.at(-1);
        expect(session, `session ${session.id}`).to.deep.include({
          messageCount: history.total,
          preview: last === undefined ? '' : previewOf(last.content),
          lastActivityAt: last === undefined ? session.createdAt : last.createdAt,
        });
      }
      return sessions.total;
    }

    it(
      'killed before its n-th write, for every write of a request that opens a session: the next history read, ' +
        'then the next request, leave every session counting exactly its messages',
      async () => {
        const twin = new CrashSwitch();
        chats = new InMemoryChatRepository(twin);
        model.answers(text('Três leads.'));
        expect(E.isRight(await ask('quantos leads?'))).to.equal(true);
        const writes = twin.made;
        expect(twin.writes, 'session, then number, message and recount per message').to.deep.equal([
          'chat_sessions.insertOne',
          'chat_sessions.findOneAndUpdate',
          'chat_messages.insertOne',
          'chat_sessions.updateOne',
          'chat_sessions.findOneAndUpdate',
          'chat_messages.insertOne',
          'chat_sessions.updateOne',
        ]);
        for (let n = 1; n <= writes; n += 1) {
          const crash = new CrashSwitch();
          chats = new InMemoryChatRepository(crash);
          model = new ScriptedAssistantModel();
          model.answers(text('Três leads.'));
          crash.failWrite(n);
          let died: unknown;
          try {
            await ask('quantos leads?');
          } catch (error) {
            died = error;
          }
          expect(died, `write ${n}`).to.be.instanceOf(ProcessDied);
          const [session] = (await chats.listOwnedSessions(operator.id, undefined, 1, 10)).items;
          if (session === undefined) {
            expect(n, 'only a crash before the session insert leaves no session').to.equal(1);
            continue;
          }
          // The next operation on the session: its history read recounts what an append left behind.
          const read = await new GetChatHistory(chats).execute({
            userId: operator.id,
            sessionId: session.id,
            offset: 0,
            limit: 50,
          });
          expect(E.isRight(read)).to.equal(true);
          expect(await expectCountersOfHistories(operator)).to.equal(1);
          // And the next request on it: stored after what survived, counted with it.
          model = new ScriptedAssistantModel();
          model.answers(text('E hoje, dois.'));
          const next = await ask('e hoje?', operator, session.id);
          expect(E.isRight(next), `write ${n}`).to.equal(true);
          await expectCountersOfHistories(operator);
          const stored = (await chats.history(session.id, undefined, 0, 100)).items.map((m) => m.content);
          expect(stored.slice(-2)).to.deep.equal(['e hoje?', 'E hoje, dois.']);
          // What the dead request stored before its write n: the question from write 3 on, the answer from write 6 on.
          expect(stored.slice(0, -2)).to.deep.equal([
            ...(n > 3 ? ['quantos leads?'] : []),
            ...(n > 6 ? ['Três leads.'] : []),
          ]);
        }
      },
    );

    it('without the history read, the next request alone puts the counters of a dead append right', async () => {
      const crash = new CrashSwitch();
      chats = new InMemoryChatRepository(crash);
      await chats.insertSession(newChatSession({ id: 'S', userId: operator.id, at: clock.now() }));
      model.answers(text('primeira resposta'), text('segunda resposta'));
      crash.failWrite(6);
      let died: unknown;
      try {
        await ask('primeira', operator, 'S');
      } catch (error) {
        died = error;
      }
      expect(died).to.be.instanceOf(ProcessDied);
      expect(await chats.findOwnedSession(operator.id, 'S')).to.deep.include({ messageCount: 1, preview: 'primeira' });
      expect((await chats.history('S', undefined, 0, 10)).total, 'the answer is stored, its recount died').to.equal(2);
      clock.advance(1000);
      expect(E.isRight(await ask('segunda', operator, 'S'))).to.equal(true);
      await expectCountersOfHistories(operator);
      expect(await chats.findOwnedSession(operator.id, 'S')).to.deep.include({
        messageCount: 4,
        preview: 'segunda resposta',
      });
    });
  });
});
