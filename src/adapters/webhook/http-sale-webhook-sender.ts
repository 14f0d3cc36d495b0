import { createHash, createHmac } from 'node:crypto';
import * as E from 'fp-ts/Either';
import { Agent, request } from 'undici';
import type { DeliveryResult, SaleWebhookSender, SendOptions } from '../../application/sales/ports';
import type { Clock } from '../../application/shared/ports';
import type { SaleEnvelope } from '../../domain/sales/envelope';
import { signingKeyOf } from './signing-secret';

/** Spec part 6 rule 4: 30 s, set explicitly (undici's own defaults are minutes). */
export const DELIVERY_TIMEOUT_MS = 30_000;

export interface HttpSenderOptions {
  readonly timeoutMs?: number;
  /** CONTRACT 4.3: when set, deliveries carry Standard Webhooks headers. */
  readonly signingSecret?: string | undefined;
}

/**
 * CONTRACT 11.3: `webhook-id` is the same on every attempt with the same content, so a receiver that
 * dedupes on it (as Standard Webhooks says it may) processes a retry once: `msg_` and a SHA-256 of
 * the batch's (sale id, version) pairs, in sorted order. A sale's version is its `updatedAt`, which
 * every event on the sale moves (and delivery bookkeeping does not), so a new event or another
 * grouping of sales is a new id.
 */
export function webhookMessageId(envelope: SaleEnvelope): string {
  const pairs = envelope.vendas
    .map(({ venda }) => [venda.id, venda.updatedAt])
    .sort(([a = ''], [b = '']) => (a < b ? -1 : a > b ? 1 : 0));
  return `msg_${createHash('sha256').update(JSON.stringify(pairs)).digest('hex')}`;
}

/**
 * POSTs the envelope with exactly the headers of spec part 6 over a keep-alive connection pool.
 * Redirects are not followed (a 3xx is a failed delivery: the destination did not accept it).
 * A destination failure is a result, not an exception.
 */
export class HttpSaleWebhookSender implements SaleWebhookSender {
  private readonly agent: Agent;
  private readonly timeoutMs: number;
  private readonly signingKey: Buffer | undefined;

  constructor(
    private readonly url: string,
    /** The `webhook-timestamp` of a signed delivery. */
    private readonly clock: Clock,
    private readonly options: HttpSenderOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    // The configuration refuses such a secret at start (CONTRACT 11.3); here it would be a programming error.
    const key = options.signingSecret === undefined ? undefined : signingKeyOf(options.signingSecret);
    if (key !== undefined && E.isLeft(key)) throw new Error(`the webhook signing secret ${key.left}`);
    this.signingKey = key?.right;
    this.agent = new Agent({
      keepAliveTimeout: 10_000,
      connectTimeout: this.timeoutMs,
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
    });
  }

  async send(envelope: SaleEnvelope, options: SendOptions = {}): Promise<DeliveryResult> {
    const body = JSON.stringify(envelope);
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const response = await request(this.url, {
        method: 'POST',
        dispatcher: this.agent,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'ServiceAPI/1.0',
          ...this.signatureHeaders(envelope, body),
        },
        body,
        // One deadline for the whole exchange, whatever phase is slow; the caller's signal cuts it
        // earlier (the dispatch pass's deadline, CONTRACT 9.5).
        signal:
          options.signal === undefined
            ? AbortSignal.timeout(this.timeoutMs)
            : AbortSignal.any([AbortSignal.timeout(this.timeoutMs), options.signal]),
      });
      // Drain the body so the connection goes back to the pool.
      await response.body.dump();
      const status = response.statusCode;
      return status >= 200 && status < 300
        ? { ok: true, status, durationMs: elapsed() }
        : { ok: false, status, error: null, durationMs: elapsed() };
    } catch (error) {
      const aborted = options.signal?.aborted === true;
      return { ok: false, status: null, error: aborted ? 'aborted' : transportError(error), durationMs: elapsed() };
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  /**
   * Standard Webhooks: `webhook-id`, `webhook-timestamp` (seconds) and `webhook-signature`
   * `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed by the bytes of the secret (signing-secret.ts).
   */
  private signatureHeaders(envelope: SaleEnvelope, body: string): Record<string, string> {
    const key = this.signingKey;
    if (key === undefined) return {};
    const id = webhookMessageId(envelope);
    const timestamp = Math.floor(this.clock.now().getTime() / 1000).toString();
    const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
    return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
  }
}

function transportError(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError' || /Timeout/i.test(error.name)) return 'timeout';
    const code = (error as { code?: string }).code ?? (error.cause as { code?: string } | undefined)?.code;
    return code ?? error.message;
  }
  return String(error);
}
