import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake received: the chat-completions body as sent, and its headers. */
export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: ChatRequestBody;
}

export interface ChatRequestBody {
  readonly model: string;
  readonly messages: {
    role: string;
    content: string | null;
    tool_call_id?: string;
    tool_calls?: { id: string; type: string; function: { name: string; arguments: string } }[];
  }[];
  readonly tools?: {
    type: string;
    function: { name: string; description: string; parameters: Record<string, unknown> };
  }[];
}

/** What the fake answers to one request. */
export type FakeAnswer =
  | { readonly content: string }
  | {
      readonly toolCalls: readonly { readonly name: string; readonly arguments: string; readonly id?: string }[];
      readonly content?: string;
    }
  | { readonly status: number; readonly body?: unknown }
  | { readonly raw: unknown };

/** An answer computed from the request (for instance: call a tool while tools are offered). */
export type FakeResponder = (request: ReceivedRequest) => FakeAnswer;

/**
 * An OpenAI-compatible chat-completions server on loopback for the tests (never the internet): it
 * records every request and answers from a script, one entry per request (then the fallback), each
 * optionally after a delay.
 */
export class FakeOpenAiServer {
  readonly received: ReceivedRequest[] = [];
  private readonly script: { answer: FakeAnswer | FakeResponder; delayMs: number }[] = [];
  private fallback: FakeAnswer | FakeResponder = { content: 'Resposta do modelo.' };
  private calls = 0;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<FakeOpenAiServer> {
    let fake: FakeOpenAiServer | undefined;
    const server = createServer((req, res) => void fake?.handle(req, res));
    fake = new FakeOpenAiServer(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  /** The base URL to set as AI_API_URL. */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  /** The next requests get these answers, in order. */
  answer(...answers: (FakeAnswer | FakeResponder)[]): this {
    this.script.push(...answers.map((answer) => ({ answer, delayMs: 0 })));
    return this;
  }

  /** The next request gets this answer after `delayMs`. */
  answerAfter(delayMs: number, answer: FakeAnswer | FakeResponder): this {
    this.script.push({ answer, delayMs });
    return this;
  }

  /** What every request gets once the script is used up. */
  otherwise(answer: FakeAnswer | FakeResponder): this {
    this.fallback = answer;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const received: ReceivedRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body: (text === '' ? {} : JSON.parse(text)) as ChatRequestBody,
    };
    this.received.push(received);
    const step = this.script.shift() ?? { answer: this.fallback, delayMs: 0 };
    if (step.delayMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, step.delayMs));
      if (res.destroyed || req.destroyed) return;
    }
    const answer = typeof step.answer === 'function' ? step.answer(received) : step.answer;
    this.calls += 1;
    if ('status' in answer)
      return send(res, answer.status, answer.body ?? { error: { message: 'upstream failure', type: 'server_error' } });
    if ('raw' in answer) return send(res, 200, answer.raw);
    const toolCalls =
      'toolCalls' in answer
        ? answer.toolCalls.map((call, i) => ({
            id: call.id ?? `call_${this.calls}_${i}`,
            type: 'function',
            function: { name: call.name, arguments: call.arguments },
          }))
        : undefined;
    send(res, 200, {
      id: `chatcmpl-${this.calls}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: received.body.model,
      choices: [
        {
          index: 0,
          finish_reason: toolCalls === undefined ? 'stop' : 'tool_calls',
          message: {
            role: 'assistant',
            content: answer.content ?? null,
            ...(toolCalls === undefined ? {} : { tool_calls: toolCalls }),
          },
        },
      ],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** Calls the tool while tools are offered, answers in text once they are not. */
export const toolsWhileOffered =
  (name: string, args: string, finalText = 'Resposta final.'): FakeResponder =>
  (request) =>
    request.body.tools === undefined ? { content: finalText } : { toolCalls: [{ name, arguments: args }] };
