import type { CrmCardFetch, CrmCardReader, CrmCredentials } from '../../../src/application/hub-leads/ports';
import type { CrmCard } from '../../../src/domain/hub-leads/crm-card';

/**
 * The CRM provider's cards behind one credential set. Wrong credentials and a provider marked down
 * are `failed`, an unknown card is `not-found`, as the GraphQL reader answers them.
 */
export class InMemoryCrmCardReader implements CrmCardReader {
  private readonly cards = new Map<string, CrmCard>();
  /** When true the provider is down: every fetch fails. */
  down = false;
  /** How many fetches reached the provider. */
  fetches = 0;

  constructor(
    readonly credentials: CrmCredentials = { endpoint: 'https://crm.example.com/graphql', token: 'crm-token' },
  ) {}

  addCard(card: CrmCard): void {
    this.cards.set(card.id, { ...card, fields: { ...card.fields } });
  }

  async fetch(credentials: CrmCredentials, cardId: string): Promise<CrmCardFetch> {
    this.fetches += 1;
    if (this.down) return { kind: 'failed', reason: 'provider answered 500' };
    if (credentials.endpoint !== this.credentials.endpoint || credentials.token !== this.credentials.token)
      return { kind: 'failed', reason: 'provider answered 401' };
    const card = this.cards.get(cardId);
    return card === undefined
      ? { kind: 'not-found' }
      : { kind: 'found', card: { ...card, fields: { ...card.fields } } };
  }
}
