import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import type { AssistantModel, ModelMessage, ModelReply, ModelToolSpec } from '../../../src/application/assistant/ports';

/** What the contract drives: the model, and the script and record of whatever answers behind it. */
export interface ModelUnderTest {
  readonly model: AssistantModel;
  /** The next call answers this. */
  reply(reply: ModelReply): void;
  /** The next call fails upstream. */
  fail(): void;
  /** The next call does not answer before the caller's deadline. */
  hang(): void;
  /** The messages and tool names of the last call, as the model received them. */
  lastRequest(): { messages: ModelMessage[]; toolNames: string[] };
}

const TOOL: ModelToolSpec = {
  name: 'find_policies',
  description: 'Apólices por CPF',
  arguments: t.type({ cpf: t.string }),
};
const live = () => AbortSignal.timeout(10_000);

/** AssistantModel (CONTRACT 8.4): an OpenAI-compatible chat model with function tools. */
export function assistantModelContract(make: () => Promise<ModelUnderTest>): void {
  let m: ModelUnderTest;
  beforeEach(async () => {
    m = await make();
  });

  it('answers text, having received the messages in order and the tools offered', async () => {
    m.reply({ content: 'Olá!', toolCalls: [] });
    const messages: ModelMessage[] = [
      { role: 'system', content: 'sistema' },
      { role: 'user', content: 'oi' },
      { role: 'assistant', content: 'olá' },
      { role: 'user', content: 'tudo bem?' },
    ];
    const reply = await m.model.complete({ messages, tools: [TOOL], signal: live() });
    expect(reply).to.deep.equal(E.right({ content: 'Olá!', toolCalls: [] }));
    expect(m.lastRequest()).to.deep.equal({ messages, toolNames: ['find_policies'] });
  });

  it('returns tool calls with their id, name and argument text, and takes their results back', async () => {
    m.reply({
      content: null,
      toolCalls: [{ id: 'call-1', name: 'find_policies', arguments: '{"cpf":"52998224725"}' }],
    });
    const first = await m.model.complete({
      messages: [{ role: 'user', content: 'apólices?' }],
      tools: [TOOL],
      signal: live(),
    });
    expect(E.isRight(first) && first.right.toolCalls).to.deep.equal([
      { id: 'call-1', name: 'find_policies', arguments: '{"cpf":"52998224725"}' },
    ]);
    m.reply({ content: 'Nenhuma.', toolCalls: [] });
    const followUp: ModelMessage[] = [
      { role: 'user', content: 'apólices?' },
      {
        role: 'assistant',
        content: null,
        toolCalls: [{ id: 'call-1', name: 'find_policies', arguments: '{"cpf":"52998224725"}' }],
      },
      { role: 'tool', toolCallId: 'call-1', content: '{"policies":[]}' },
    ];
    expect(await m.model.complete({ messages: followUp, tools: [], signal: live() })).to.deep.equal(
      E.right({ content: 'Nenhuma.', toolCalls: [] }),
    );
    expect(m.lastRequest()).to.deep.equal({ messages: followUp, toolNames: [] });
  });

  it('an upstream failure is ModelUnavailable', async () => {
    m.fail();
    const reply = await m.model.complete({ messages: [{ role: 'user', content: 'oi' }], tools: [], signal: live() });
    expect(E.isLeft(reply) && reply.left._tag).to.equal('ModelUnavailable');
  });

  it("a call past the caller's deadline is ModelUnavailable", async () => {
    m.hang();
    const reply = await m.model.complete({
      messages: [{ role: 'user', content: 'oi' }],
      tools: [],
      signal: AbortSignal.timeout(100),
    });
    expect(E.isLeft(reply) && reply.left._tag).to.equal('ModelUnavailable');
  });
}
