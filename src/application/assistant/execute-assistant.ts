import * as E from 'fp-ts/Either';
import {
  CONTEXT_MESSAGES,
  titleFromMessage,
  newChatSession,
  type ChatMessage,
  type ChatSession,
} from '../../domain/assistant/chat';
import type { SalesIdentity } from '../../domain/sales-identity/sales-user';
import type { Clock, IdGenerator } from '../shared/ports';
import type { AiNotConfigured, AiUnavailable, ChatSessionNotFound } from './errors';
import type { AssistantModel, ChatRepository, ModelMessage, ModelToolCall, ModelToolSpec } from './ports';
import type { AssistantTool } from './tool';

export interface ExecuteAssistantInput {
  /** The tools run as this user, with this user's role. */
  readonly caller: SalesIdentity;
  /** Already checked (parseChatMessage). */
  readonly message: string;
  readonly sessionId?: string;
}

export interface ExecuteAssistantOutput {
  readonly sessionId: string;
  /** The stored assistant message. */
  readonly message: ChatMessage;
}

export type ExecuteAssistantError = ChatSessionNotFound | AiNotConfigured | AiUnavailable;

export interface AssistantOptions {
  /** CONTRACT 8.4: the whole exchange with the model, retries included (30 s). */
  readonly timeoutMs: number;
  /** CONTRACT 8.4: tool rounds before the model is asked once more without tools (3). */
  readonly maxToolRounds: number;
  /** A tool result longer than this (JSON characters) is cut before it goes to the model. */
  readonly maxToolResultChars: number;
}

export const DEFAULT_ASSISTANT_OPTIONS: AssistantOptions = {
  timeoutMs: 30_000,
  maxToolRounds: 3,
  maxToolResultChars: 8_000,
};

const TRUNCATED = '…[truncated]';

/**
 * POST /ai/execute (CONTRACT 8.4): stores the user's message (in a new session titled from it when
 * none is given), asks the model with the session's last 20 messages and the tools the caller's role
 * may use, runs the tools it calls (at most `maxToolRounds` rounds, then once more without tools), and
 * stores and returns the answer. The user's message stays stored when the model is missing or fails.
 */
export class ExecuteAssistant {
  constructor(
    private readonly chats: ChatRepository,
    private readonly model: AssistantModel | undefined,
    private readonly tools: readonly AssistantTool[],
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly options: AssistantOptions = DEFAULT_ASSISTANT_OPTIONS,
  ) {}

  /** The tools offered to a role (an operator gets no KPI tool). */
  toolsFor(caller: SalesIdentity): readonly AssistantTool[] {
    return this.tools.filter((tool) => tool.roles.includes(caller.role));
  }

  async execute(input: ExecuteAssistantInput): Promise<E.Either<ExecuteAssistantError, ExecuteAssistantOutput>> {
    const started = this.clock.now().getTime();
    // The append checks the session and its owner in the same step (another user's session: not found).
    const sessionId = input.sessionId ?? (await this.newSession(input)).id;
    if (
      (await this.chats.appendOwnedMessage(
        input.caller.id,
        { id: this.ids.next(), sessionId, role: 'user', content: input.message, metadata: null },
        this.clock.now(),
      )) === 'not-found'
    ) {
      return E.left({ _tag: 'ChatSessionNotFound' });
    }
    if (this.model === undefined) return E.left({ _tag: 'AiNotConfigured' });

    const history = await this.chats.lastMessages(sessionId, CONTEXT_MESSAGES);
    const answer = await this.converse(this.model, input.caller, history);
    if (E.isLeft(answer)) return answer;

    const operationType = answer.right.toolsUsed.length === 0 ? 'answer' : answer.right.toolsUsed.join('+');
    const now = this.clock.now();
    const reply = {
      id: this.ids.next(),
      sessionId,
      role: 'assistant' as const,
      content: answer.right.content,
      metadata: { operationType, executionTimeMs: Math.max(0, now.getTime() - started) },
    };
    if ((await this.chats.appendOwnedMessage(input.caller.id, reply, now)) === 'not-found')
      return E.left({ _tag: 'ChatSessionNotFound' });
    return E.right({ sessionId, message: { ...reply, createdAt: now } });
  }

  private async newSession(input: ExecuteAssistantInput): Promise<ChatSession> {
    const session = newChatSession({
      id: this.ids.next(),
      userId: input.caller.id,
      title: titleFromMessage(input.message),
      at: this.clock.now(),
    });
    await this.chats.insertSession(session);
    return session;
  }

  private async converse(
    model: AssistantModel,
    caller: SalesIdentity,
    history: readonly ChatMessage[],
  ): Promise<E.Either<AiUnavailable, { content: string; toolsUsed: string[] }>> {
    const offered = this.toolsFor(caller);
    const specs: ModelToolSpec[] = offered.map((tool) => ({
      name: tool.name,
      description: tool.description,
      arguments: tool.argumentsCodec,
    }));
    const messages: ModelMessage[] = [
      { role: 'system', content: systemPrompt(this.clock.now()) },
      ...history.map((m) => ({ role: m.role, content: m.content })),
    ];
    const toolsUsed: string[] = [];
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    for (let round = 0; ; round += 1) {
      const withTools = round < this.options.maxToolRounds && specs.length > 0;
      const reply = await model.complete({ messages, tools: withTools ? specs : [], signal });
      if (E.isLeft(reply)) return E.left({ _tag: 'AiUnavailable' });
      if (!withTools || reply.right.toolCalls.length === 0) {
        const content = reply.right.content ?? '';
        return content.trim() === '' ? E.left({ _tag: 'AiUnavailable' }) : E.right({ content, toolsUsed });
      }
      messages.push({ role: 'assistant', content: reply.right.content, toolCalls: reply.right.toolCalls });
      for (const call of reply.right.toolCalls) {
        const tool = offered.find((candidate) => candidate.name === call.name);
        if (tool !== undefined && !toolsUsed.includes(tool.name)) toolsUsed.push(tool.name);
        messages.push({ role: 'tool', toolCallId: call.id, content: await this.runTool(tool, call, caller) });
      }
    }
  }

  /** The tool's result (or its problem) as the JSON text the model reads, cut to the bound. */
  private async runTool(tool: AssistantTool | undefined, call: ModelToolCall, caller: SalesIdentity): Promise<string> {
    if (tool === undefined) return JSON.stringify({ error: `unknown tool ${call.name}` });
    const result = await tool.invoke(call.arguments, caller);
    const text = JSON.stringify(E.isLeft(result) ? { error: result.left.join('; ') } : result.right);
    return truncate(text, this.options.maxToolResultChars);
  }
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - TRUNCATED.length))}${TRUNCATED}`;
}

/** What the model is told about this back office; today's date lets it turn "esta semana" into dates. */
function systemPrompt(now: Date): string {
  return [
    'Você é o assistente do back office de uma corretora de seguros e de vendas de veículos.',
    'Os operadores perguntam em português sobre vendas, contatos do SDR (WhatsApp e web), apólices de seguro e ' +
      'indicadores.',
    'Use as ferramentas disponíveis para buscar dados reais; nunca invente números, nomes, CPFs ou apólices.',
    'Se uma ferramenta não estiver disponível, diga que o usuário não tem acesso a essa informação.',
    'Responda em português, de forma breve e objetiva.',
    `Agora é ${now.toISOString()} (UTC); o fuso dos operadores é America/Sao_Paulo.`,
  ].join('\n');
}
