import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { request } from 'undici';
import type { CrmCardFetch, CrmCardReader, CrmCredentials } from '../../application/hub-leads/ports';

/** CONTRACT 6.1: `card(id)` with title, current phase, fields name/value and pipe id. */
export const CARD_QUERY =
  'query Card($id: ID!) { card(id: $id) { id title current_phase { name } fields { name value } pipe { id } } }';

const Id = t.union([t.string, t.number]);
const CardShape = t.type({
  id: Id,
  title: t.union([t.string, t.null, t.undefined]),
  current_phase: t.union([t.type({ name: t.union([t.string, t.null]) }), t.null, t.undefined]),
  fields: t.union([
    t.array(t.type({ name: t.string, value: t.union([t.string, t.number, t.boolean, t.null]) })),
    t.null,
    t.undefined,
  ]),
  pipe: t.union([t.type({ id: Id }), t.null, t.undefined]),
});
const Answer = t.type({
  data: t.union([t.type({ card: t.union([CardShape, t.null]) }), t.null, t.undefined]),
  errors: t.union([t.array(t.unknown), t.undefined]),
});

export const DEFAULT_CRM_TIMEOUT_MS = 5_000;

/**
 * Reads cards from the provider's GraphQL endpoint with the organization's bearer token. Every
 * failure (refused, slow past the timeout, non-2xx, GraphQL errors, an unexpected shape) is a
 * `failed` value: the webhook answers 502 and the provider's resend tries again.
 */
export class GraphqlCrmCardReader implements CrmCardReader {
  constructor(private readonly timeoutMs: number = DEFAULT_CRM_TIMEOUT_MS) {}

  async fetch(credentials: CrmCredentials, cardId: string): Promise<CrmCardFetch> {
    let status: number;
    let text: string;
    try {
      const response = await request(credentials.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: `Bearer ${credentials.token}`,
        },
        body: JSON.stringify({ query: CARD_QUERY, variables: { id: cardId } }),
        // One bound for the whole exchange, so a provider that trickles its answer cannot hold the request.
        signal: AbortSignal.timeout(this.timeoutMs),
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      });
      status = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      return { kind: 'failed', reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
    if (status < 200 || status >= 300) return { kind: 'failed', reason: `provider answered ${status}` };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { kind: 'failed', reason: 'provider answered with invalid JSON' };
    }
    const decoded = Answer.decode(json);
    if (E.isLeft(decoded)) return { kind: 'failed', reason: 'provider answered an unexpected shape' };
    const card = decoded.right.data?.card;
    if (card === null || card === undefined) {
      // GraphQL reports an unknown id as a null card, with or without an error entry.
      return decoded.right.data === null || decoded.right.data === undefined
        ? { kind: 'failed', reason: 'provider answered GraphQL errors' }
        : { kind: 'not-found' };
    }
    return { kind: 'found', card: cardOf(card) };
  }
}

function cardOf(
  card: NonNullable<NonNullable<t.TypeOf<typeof Answer>['data']>['card']>,
): Extract<CrmCardFetch, { kind: 'found' }>['card'] {
  return {
    id: String(card.id),
    title: card.title ?? null,
    phaseName: card.current_phase?.name ?? null,
    pipeId: card.pipe === null || card.pipe === undefined ? null : String(card.pipe.id),
    fields: Object.fromEntries(
      (card.fields ?? []).filter((f) => f.value !== null).map((f) => [f.name, String(f.value)]),
    ),
  };
}
