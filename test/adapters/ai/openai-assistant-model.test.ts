import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { OpenAiAssistantModel } from '../../../src/adapters/ai/openai-assistant-model';
import type { ModelMessage } from '../../../src/application/assistant/ports';
import { assistantModelContract, type ModelUnderTest } from '../../support/contracts/assistant-model-contract';
import { FakeOpenAiServer, type ChatRequestBody } from '../../support/fake-openai-server';
import { ScriptedAssistantModel } from '../../support/fakes/scripted-assistant-model';
import { memoryLogger } from '../../support/logs';

/** The wire messages the fake received, read back as the port's messages. */
function portMessages(body: ChatRequestBody): ModelMessage[] {
  return body.messages.map((m): ModelMessage => {
    if (m.role === 'tool') return { role: 'tool', toolCallId: m.tool_call_id ?? '', content: m.content ?? '' };
    if (m.role === 'assistant' && m.tool_calls !== undefined)
      return {
        role: 'assistant',
        content: m.content,
        toolCalls: m.tool_calls.map((c) => ({ id: c.id, name: c.function.name, arguments: c.function.arguments })),
      };
    return { role: m.role as 'system' | 'user' | 'assistant', content: m.content ?? '' };
  });
}

describe('AssistantModel contract', () => {
  describe('scripted (the fake)', () => {
    assistantModelContract(async () => {
      const model = new ScriptedAssistantModel();
      return {
        model,
        reply: (reply) => void model.answers(reply),
        fail: () => void model.answers('fail'),
        hang: () => void model.answers('hang'),
        lastRequest: () => {
          const last = model.requests[model.requests.length - 1];
          return { messages: [...(last?.messages ?? [])], toolNames: (last?.tools ?? []).map((tool) => tool.name) };
        },
      };
    });
  });

  describe('the openai client against an OpenAI-compatible server on loopback', () => {
    // Started by the contract's make() before every test of this block (the two below included).
    let server: FakeOpenAiServer;
    afterEach(() => server.close());

    assistantModelContract(async (): Promise<ModelUnderTest> => {
      server = await FakeOpenAiServer.start();
      const model = new OpenAiAssistantModel({
        baseUrl: server.url,
        apiKey: 'sk-contract',
        model: 'test-model',
        maxRetries: 0,
        logger: memoryLogger().logger,
      });
      return {
        model,
        reply: (reply) =>
          void server.answer(
            reply.toolCalls.length === 0
              ? { content: reply.content ?? '' }
              : {
                  toolCalls: reply.toolCalls.map((c) => ({ id: c.id, name: c.name, arguments: c.arguments })),
                  ...(reply.content === null ? {} : { content: reply.content }),
                },
          ),
        fail: () => void server.answer({ status: 500 }),
        hang: () => void server.answerAfter(5_000, { content: 'tarde demais' }),
        lastRequest: () => {
          const last = server.received[server.received.length - 1];
          return {
            messages: last === undefined ? [] : portMessages(last.body),
            toolNames: (last?.body.tools ?? []).map((tool) => tool.function.name),
          };
        },
      };
    });

    it(
      'posts to <AI_API_URL>/chat/completions with the model, the key as Bearer and closed JSON Schemas of the ' +
        'tool arguments',
      async () => {
        const model = new OpenAiAssistantModel({
          baseUrl: server.url,
          apiKey: 'sk-contract',
          model: 'test-model',
          maxRetries: 0,
          logger: memoryLogger().logger,
        });
        const t = await import('io-ts');
        await model.complete({
          messages: [{ role: 'user', content: 'oi' }],
          tools: [
            {
              name: 'x',
              description: 'd',
              arguments: t.intersection([t.type({ cpf: t.string }), t.partial({ limit: t.number })]),
            },
          ],
          signal: AbortSignal.timeout(5_000),
        });
        const [received] = server.received;
        expect(received?.path).to.equal('/v1/chat/completions');
        expect(received?.headers.authorization).to.equal('Bearer sk-contract');
        expect(received?.body.model).to.equal('test-model');
        expect(received?.body.tools?.[0]?.function.parameters).to.deep.equal({
          type: 'object',
          properties: { cpf: { type: 'string' }, limit: { type: 'number' } },
          required: ['cpf'],
          additionalProperties: false,
        });
      },
    );

    it('retries a 5xx inside the deadline (maxRetries), and an unreadable answer is ModelUnavailable', async () => {
      const model = new OpenAiAssistantModel({
        baseUrl: server.url,
        apiKey: 'sk-contract',
        model: 'test-model',
        maxRetries: 1,
        logger: memoryLogger().logger,
      });
      server.answer({ status: 503 }, { content: 'depois da nova tentativa' }, { raw: { choices: 'nenhuma' } });
      expect(
        await model.complete({
          messages: [{ role: 'user', content: 'oi' }],
          tools: [],
          signal: AbortSignal.timeout(10_000),
        }),
      ).to.deep.equal(E.right({ content: 'depois da nova tentativa', toolCalls: [] }));
      expect(server.received).to.have.length(2);
      const unreadable = await model.complete({
        messages: [{ role: 'user', content: 'oi' }],
        tools: [],
        signal: AbortSignal.timeout(10_000),
      });
      expect(E.isLeft(unreadable) && unreadable.left.reason).to.equal('unreadable answer');
    });
  });
});
