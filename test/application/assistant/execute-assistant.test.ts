import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { ExecuteAssistant, DEFAULT_ASSISTANT_OPTIONS, type AssistantOptions } from '../../../src/application/assistant/execute-assistant';
import type { ModelReply } from '../../../src/application/assistant/ports';
import { defineTool, EVERY_ROLE, toolArguments, type AssistantTool } from '../../../src/application/assistant/tool';
import { newChatSession } from '../../../src/domain/assistant/chat';
import type { SalesIdentity } from '../../../src/domain/sales-identity/sales-user';
import { ManualClock } from '../../support/fakes/fixed-clock';
import { InMemoryChatRepository } from '../../support/fakes/in-memory-chat-repository';
import { ScriptedAssistantModel } from '../../support/fakes/scripted-assistant-model';
import { SequentialIdGenerator } from '../../support/fakes/sequential-id-generator';

const operator: SalesIdentity = { id: 'u-op', username: 'op@example.com', role: 'operator' };
const manager: SalesIdentity = { id: 'u-mgr', username: 'mgr@example.com', role: 'manager' };
const text = (content: string): ModelReply => ({ content, toolCalls: [] });
const call = (name: string, args: unknown, id = `c-${name}`): ModelReply => ({ content: null, toolCalls: [{ id, name, arguments: typeof args === 'string' ? args : JSON.stringify(args) }] });

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
          return args.word === 'bad' ? E.left('word must not be bad') : E.right({ echoed: args.word.repeat(args.times ?? 1) });
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
    new ExecuteAssistant(chats, withModel ? model : undefined, tools, clock, ids, { ...DEFAULT_ASSISTANT_OPTIONS, ...options });
  const ask = async (message: string, caller = operator, sessionId?: string, options: Partial<AssistantOptions> = {}) =>
    assistant(options).execute({ caller, message, ...(sessionId === undefined ? {} : { sessionId }) });
  const historyOf = async (sessionId: string) => (await chats.history(sessionId, undefined, 0, 100)).items.map((m) => `${m.role}:${m.content}`);

  it('without a sessionId: creates a session titled from the message, stores both messages and answers the assistant\'s', async () => {
    model.answers(text('Três leads.'));
    const out = await ask('  quantos leads\nviraram venda esta semana?  ');
    if (E.isLeft(out)) throw new Error(out.left._tag);
    const session = await chats.findOwnedSession(operator.id, out.right.sessionId);
    expect(session).to.deep.include({ title: 'quantos leads viraram venda esta semana?', messageCount: 2, preview: 'Três leads.' });
    expect(out.right.message).to.deep.include({ role: 'assistant', content: 'Três leads.', metadata: { operationType: 'answer', executionTimeMs: 0 } });
    expect(await historyOf(out.right.sessionId)).to.deep.equal(['user:  quantos leads\nviraram venda esta semana?  ', 'assistant:Três leads.']);
    const [request] = model.requests;
    expect(request?.messages[0]?.role).to.equal('system');
    expect(request?.messages.slice(1)).to.deep.equal([{ role: 'user', content: '  quantos leads\nviraram venda esta semana?  ' }]);
  });

  it('sends the session\'s last 20 messages, the new one included, oldest first', async () => {
    const session = newChatSession({ id: 'S', userId: operator.id, at: clock.now() });
    await chats.insertSession(session);
    for (let i = 0; i < 25; i += 1) await chats.appendOwnedMessage(operator.id, { id: `m${i}`, sessionId: 'S', role: i % 2 === 0 ? 'user' : 'assistant', content: `m${i}`, metadata: null }, clock.now());
    await ask('nova', operator, 'S');
    const sent = model.requests[0]?.messages.slice(1).map((m) => m.content);
    expect(sent).to.have.length(20);
    expect(sent?.[0]).to.equal('m6');
    expect(sent?.[19]).to.equal('nova');
  });

  it('offers only the tools of the caller\'s role, and runs them as the caller', async () => {
    model.answers(text('ok')).answers(call('kpis', {}), text('3 leads'));
    await ask('oi');
    expect(model.requests[0]?.tools.map((tool) => tool.name)).to.deep.equal(['echo']);
    const out = await ask('kpis?', manager);
    expect(model.requests[1]?.tools.map((tool) => tool.name)).to.deep.equal(['echo', 'kpis']);
    expect(runs).to.deep.equal([{ tool: 'kpis', args: {}, caller: manager }]);
    expect(E.isRight(out) && out.right.message.metadata?.operationType).to.equal('kpis');
  });

  it('a tool the role is not offered is never run, even when the model calls it: the model reads an error', async () => {
    model.answers(call('kpis', {}), text('sem acesso'));
    const out = await ask('kpis?', operator);
    expect(runs).to.deep.equal([]);
    expect(model.requests[1]?.messages.at(-1)).to.deep.equal({ role: 'tool', toolCallId: 'c-kpis', content: '{"error":"unknown tool kpis"}' });
    expect(E.isRight(out) && out.right.message.metadata?.operationType).to.equal('answer');
  });

  it('a tool result reaches the model in the next request, after the assistant turn that called it', async () => {
    model.answers(call('echo', { word: 'ab', times: 2 }), text('abab'));
    const out = await ask('eco');
    expect(runs).to.deep.equal([{ tool: 'echo', args: { word: 'ab', times: 2 }, caller: operator }]);
    const second = model.requests[1]?.messages ?? [];
    expect(second.slice(-2)).to.deep.equal([
      { role: 'assistant', content: null, toolCalls: [{ id: 'c-echo', name: 'echo', arguments: '{"word":"ab","times":2}' }] },
      { role: 'tool', toolCallId: 'c-echo', content: '{"echoed":"abab"}' },
    ]);
    expect(E.isRight(out) && out.right.message).to.deep.include({ content: 'abab', metadata: { operationType: 'echo', executionTimeMs: 0 } });
  });

  it('invalid arguments (not JSON, wrong types, unknown members, missing ones) go back to the model as the tool\'s error; the tool does not run', async () => {
    model.answers(
      { content: null, toolCalls: [
        { id: 'a', name: 'echo', arguments: '{"word": 5, "extra": true}' },
        { id: 'b', name: 'echo', arguments: 'not json' },
        { id: 'c', name: 'echo', arguments: '{}' },
        { id: 'd', name: 'echo', arguments: '{"word":"bad"}' },
      ] },
      text('desculpe'),
    );
    const out = await ask('eco');
    expect(E.isRight(out)).to.equal(true);
    const results = (model.requests[1]?.messages ?? []).filter((m) => m.role === 'tool').map((m) => JSON.parse(m.content));
    expect(results).to.deep.equal([
      { error: 'extra is not allowed; word must be string' },
      { error: 'arguments must be a JSON object' },
      { error: 'word is required' },
      { error: 'word must not be bad' },
    ]);
    expect(runs.map((r) => r.args)).to.deep.equal([{ word: 'bad' }]);
  });

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
    const hungry = new ScriptedAssistantModel((request) => (request.tools.length > 0 ? call('echo', { word: 'de novo' }) : text('chega de ferramentas')));
    const out = await new ExecuteAssistant(chats, hungry, tools, clock, ids).execute({ caller: operator, message: 'eco' });
    expect(hungry.requests.map((r) => r.tools.length)).to.deep.equal([1, 1, 1, 0]);
    expect(runs).to.have.length(3);
    expect(E.isRight(out) && out.right.message.content).to.equal('chega de ferramentas');
  });

  it('a model failure is AiUnavailable, a missing model AiNotConfigured; the user message is stored either way', async () => {
    model.answers('fail');
    expect(await ask('primeira')).to.deep.equal(E.left({ _tag: 'AiUnavailable' }));
    const none = await assistant({}, false).execute({ caller: operator, message: 'segunda' });
    expect(none).to.deep.equal(E.left({ _tag: 'AiNotConfigured' }));
    const sessions = await chats.listOwnedSessions(operator.id, undefined, 1, 10);
    expect(sessions.total).to.equal(2);
    for (const session of sessions.items) expect(session.messageCount).to.equal(1);
  });

  it('past the deadline (the whole exchange) the answer is AiUnavailable', async () => {
    model.answers(call('echo', { word: 'a' }), 'hang');
    const out = await ask('lento', operator, undefined, { timeoutMs: 50 });
    expect(out).to.deep.equal(E.left({ _tag: 'AiUnavailable' }));
  });

  it('another user\'s (or an unknown) session is ChatSessionNotFound, and nothing is stored or asked', async () => {
    await chats.insertSession(newChatSession({ id: 'S', userId: manager.id, at: clock.now() }));
    expect(await ask('oi', operator, 'S')).to.deep.equal(E.left({ _tag: 'ChatSessionNotFound' }));
    expect(await ask('oi', operator, 'nope')).to.deep.equal(E.left({ _tag: 'ChatSessionNotFound' }));
    expect((await chats.history('S', undefined, 0, 10)).total).to.equal(0);
    expect(model.requests).to.have.length(0);
  });
});
