import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import type {
  AssistantModel,
  ModelMessage,
  ModelReply,
  ModelToolSpec,
  ModelUnavailable,
} from '../../application/assistant/ports';
import { jsonSchemaOf } from '../http/shared/openapi/json-schema';
import type { Logger } from '../system/logger';

export interface OpenAiModelOptions {
  /** AI_API_URL: the OpenAI-compatible API's base URL (ending in `/v1` for most servers). */
  readonly baseUrl: string;
  /** AI_API_KEY; a local server may need none. */
  readonly apiKey: string | undefined;
  /** AI_MODEL. */
  readonly model: string;
  /** Retries of the client (connection errors, 408, 409, 429, 5xx) inside the caller's deadline. */
  readonly maxRetries?: number;
  readonly logger: Logger;
}

/** The answer as this adapter reads it: the first choice's text and function calls; anything else is unreadable. */
const Completion = t.type({
  choices: t.array(
    t.type({
      message: t.intersection([
        t.partial({ content: t.union([t.string, t.null]) }),
        t.partial({
          tool_calls: t.union([
            t.null,
            t.array(
              t.type({
                id: t.string,
                type: t.literal('function'),
                function: t.type({ name: t.string, arguments: t.string }),
              }),
            ),
          ]),
        }),
      ]),
    }),
  ),
});

/**
 * The chat model behind the official `openai` client, pointed at any OpenAI-compatible server
 * (CONTRACT 8.4). The caller's signal is the deadline of the whole call, retries included. The API
 * key goes only into the client's Authorization header: the client's own logging is off, and a
 * failure is logged with its kind and status, never with the request.
 */
export class OpenAiAssistantModel implements AssistantModel {
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiModelOptions) {
    this.client = new OpenAI({
      baseURL: options.baseUrl,
      // The client refuses to start without a key; a local server without authentication ignores it.
      apiKey: options.apiKey ?? 'not-needed',
      maxRetries: options.maxRetries ?? 2,
      // The caller's deadline bounds every attempt; this only stops a silent connection sooner.
      timeout: 30_000,
      logLevel: 'off',
    });
  }

  async complete(request: {
    readonly messages: readonly ModelMessage[];
    readonly tools: readonly ModelToolSpec[];
    readonly signal: AbortSignal;
  }): Promise<E.Either<ModelUnavailable, ModelReply>> {
    let raw: unknown;
    try {
      raw = await this.client.chat.completions.create(
        {
          model: this.options.model,
          messages: request.messages.map(toWire),
          ...(request.tools.length === 0 ? {} : { tools: request.tools.map(toolToWire) }),
        },
        { signal: request.signal },
      );
    } catch (error) {
      const status = error instanceof OpenAI.APIError ? error.status : undefined;
      const kind = request.signal.aborted ? 'deadline' : error instanceof Error ? error.constructor.name : 'unknown';
      this.options.logger.warn({ upstream: 'ai', kind, status }, 'AI model call failed');
      return E.left({ _tag: 'ModelUnavailable', reason: status === undefined ? kind : `${kind} ${status}` });
    }
    const decoded = Completion.decode(raw);
    const message = E.isRight(decoded) ? decoded.right.choices[0]?.message : undefined;
    if (message === undefined) {
      this.options.logger.warn({ upstream: 'ai', kind: 'unreadable answer' }, 'AI model call failed');
      return E.left({ _tag: 'ModelUnavailable', reason: 'unreadable answer' });
    }
    return E.right({
      content: message.content ?? null,
      toolCalls: (message.tool_calls ?? []).map((call) => ({
        id: call.id,
        name: call.function.name,
        arguments: call.function.arguments,
      })),
    });
  }
}

function toWire(message: ModelMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
    case 'assistant':
      return {
        role: 'assistant',
        content: message.content,
        ...(message.toolCalls === undefined || message.toolCalls.length === 0
          ? {}
          : {
              tool_calls: message.toolCalls.map((call) => ({
                id: call.id,
                type: 'function' as const,
                function: { name: call.name, arguments: call.arguments },
              })),
            }),
      };
    default:
      return { role: message.role, content: message.content };
  }
}

function toolToWire(tool: ModelToolSpec): ChatCompletionTool {
  return {
    type: 'function',
    function: {
      name: tool.name,
      description: tool.description,
      parameters: jsonSchemaOf(tool.arguments, { closed: true }),
    },
  };
}
