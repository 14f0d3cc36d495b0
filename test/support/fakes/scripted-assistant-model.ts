import * as E from 'fp-ts/Either';
import type {
  AssistantModel,
  ModelMessage,
  ModelReply,
  ModelToolSpec,
  ModelUnavailable,
} from '../../../src/application/assistant/ports';

export type ScriptedStep = ModelReply | 'fail' | 'hang' | ((request: ScriptedRequest) => ModelReply);

export interface ScriptedRequest {
  readonly messages: readonly ModelMessage[];
  readonly tools: readonly ModelToolSpec[];
}

/** A model answering from a script and recording what it was asked; `hang` waits for the caller's deadline. */
export class ScriptedAssistantModel implements AssistantModel {
  readonly requests: ScriptedRequest[] = [];
  private readonly script: ScriptedStep[] = [];

  constructor(private readonly fallback: ScriptedStep = { content: 'ok', toolCalls: [] }) {}

  answers(...steps: ScriptedStep[]): this {
    this.script.push(...steps);
    return this;
  }

  async complete(request: {
    readonly messages: readonly ModelMessage[];
    readonly tools: readonly ModelToolSpec[];
    readonly signal: AbortSignal;
  }): Promise<E.Either<ModelUnavailable, ModelReply>> {
    const recorded = { messages: request.messages.map((m) => ({ ...m })), tools: [...request.tools] };
    this.requests.push(recorded);
    if (request.signal.aborted) return E.left({ _tag: 'ModelUnavailable', reason: 'deadline' });
    const step = this.script.shift() ?? this.fallback;
    if (step === 'fail') return E.left({ _tag: 'ModelUnavailable', reason: 'scripted failure' });
    if (step === 'hang') {
      await new Promise((resolve) => request.signal.addEventListener('abort', resolve, { once: true }));
      return E.left({ _tag: 'ModelUnavailable', reason: 'deadline' });
    }
    return E.right(typeof step === 'function' ? step(recorded) : step);
  }
}
