import * as E from 'fp-ts/Either';
import type { CrmCard } from '../../domain/hub-leads/crm-card';
import type { CrmEvent } from '../../domain/hub-leads/crm-event';
import type { LeadChanges } from '../../domain/hub-leads/lead';
import type { Clock, SecretHasher } from '../shared/ports';
import {
  DEFAULT_REDELIVERY_WINDOW_MS,
  type UpsertLeadFromWebhook,
  type UpsertLeadFromWebhookOutput,
} from './upsert-lead-from-webhook';
import type { CrmCardReader, CrmCredentialsRepository, LeadEventLog, LeadRepository } from './ports';

export interface ReceiveCrmEventInput {
  readonly orgId: string;
  readonly event: CrmEvent;
  /** The body exactly as received: stored in the event log, and its hash recognizes redeliveries. */
  readonly rawBody: string;
}

export type ReceiveCrmEventError =
  | { readonly _tag: 'NoCrmCredentials' }
  | { readonly _tag: 'ProviderFetchFailed'; readonly reason: string }
  | { readonly _tag: 'UnknownPipe' };

const PROVIDER = 'crmprovider';

/**
 * CONTRACT 6.1. card.create and card.field_update read the card from the provider (its current
 * phase and fields are the truth, so a create arriving after a move still ends in the moved-to
 * stage); card.move sets the stage to `to.name`; card.delete marks the lead deleted. Any of them for
 * a card never seen creates the lead first. The provider is read before anything is written, so a
 * 502 leaves nothing half-done.
 */
export class ReceiveCrmEvent {
  constructor(
    private readonly upsert: UpsertLeadFromWebhook,
    private readonly leads: LeadRepository,
    private readonly events: LeadEventLog,
    private readonly credentials: CrmCredentialsRepository,
    private readonly cards: CrmCardReader,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
    private readonly redeliveryWindowMs: number = DEFAULT_REDELIVERY_WINDOW_MS,
  ) {}

  async execute(input: ReceiveCrmEventInput): Promise<E.Either<ReceiveCrmEventError, UpsertLeadFromWebhookOutput>> {
    const { orgId, event } = input;
    const bodyHash = this.hasher.hash(input.rawBody);
    const seen = await this.events.recentDelivery(orgId, PROVIDER, bodyHash, this.clock.now(), this.redeliveryWindowMs);
    if (seen !== undefined) return E.right({ leadId: seen, created: false });

    let card: CrmCard | undefined;
    if (event.action === 'card.create' || event.action === 'card.field_update') {
      const credentials = await this.credentials.find(orgId);
      if (credentials === undefined) return E.left({ _tag: 'NoCrmCredentials' });
      const fetched = await this.cards.fetch(credentials, event.cardId);
      if (fetched.kind === 'failed') return E.left({ _tag: 'ProviderFetchFailed', reason: fetched.reason });
      if (fetched.kind === 'not-found')
        return E.left({ _tag: 'ProviderFetchFailed', reason: `card ${event.cardId} not found` });
      card = fetched.card;
    }

    const pipeId = event.pipeId ?? card?.pipeId ?? (await this.knownPipe(orgId, event.cardId));
    if (pipeId === undefined) return E.left({ _tag: 'UnknownPipe' });
    const title = card?.title ?? event.title;
    const result = await this.upsert.execute({
      orgId,
      provider: PROVIDER,
      pipelineExternalId: pipeId,
      externalId: event.cardId,
      changes: { ...(title === undefined ? {} : { title }), ...changesOf(event, card) },
      action: event.action,
      rawBody: input.rawBody,
      bodyHash,
    });
    return E.right(result);
  }

  /** The pipe of a card this organization has already seen, for events that do not carry it. */
  private async knownPipe(orgId: string, cardId: string): Promise<string | undefined> {
    const lead = await this.leads.findByProviderId(orgId, PROVIDER, cardId);
    return lead === undefined ? undefined : lead.pipelineExternalId;
  }
}

function changesOf(event: CrmEvent, card: CrmCard | undefined): LeadChanges {
  switch (event.action) {
    case 'card.create':
    case 'card.field_update':
      return { fields: card?.fields ?? {}, ...(card?.phaseName == null ? {} : { stage: card.phaseName }) };
    case 'card.move':
      return { stage: event.to?.name ?? null };
    case 'card.delete':
      return { deleted: true };
  }
}
