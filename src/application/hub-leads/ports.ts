import type { CrmCard } from '../../domain/hub-leads/crm-card';
import type { Lead, LeadChanges, LeadProvider, Pipeline } from '../../domain/hub-leads/lead';
import type { CanonicalPhone } from '../../domain/shared/phone';
import type { LeadTemplate } from '../../domain/hub-leads/lead-template';
import type { WebhookSettings } from '../../domain/hub-leads/webhook-settings';
import type { Channel } from '../../domain/hub-leads/channel';
import { token, type Token } from '../shared/token';

/** Ports of the inbound-webhook and lead use cases (adapters: src/adapters/mongo/hub-leads, src/adapters/crm). */

export interface PipelineRepository {
  /** false when the organization already has that (provider, externalId) (unique). */
  create(pipeline: Pipeline): Promise<boolean>;
  find(orgId: string, provider: LeadProvider, externalId: string): Promise<Pipeline | undefined>;
  listOf(orgId: string): Promise<readonly Pipeline[]>;
}
export const PipelineRepository: Token<PipelineRepository> = token('PipelineRepository');

export interface LeadUpsert {
  readonly lead: Lead;
  readonly created: boolean;
}

export interface LeadQuery {
  readonly orgId: string;
  readonly phone?: CanonicalPhone;
  readonly pipelineId?: string;
  readonly stage?: string;
  readonly page: number;
  readonly limit: number;
}

export interface LeadRepository {
  /**
   * Creates the lead of (pipelineId, externalId) from `fresh` when there is none, else applies
   * `changes` to it. Concurrent calls for one key converge on one lead: the unique index decides who
   * creates it, and the others apply their changes to it; exactly one answers created = true.
   */
  // Crash consistency (CONTRACT 10.2): (a) one insert or one $set on one lead (the unique key decides), repeated
  // harmlessly by the provider's resend.
  upsert(fresh: Lead, changes: LeadChanges, now: Date): Promise<LeadUpsert>;
  /** A CRM card's lead when the event did not say its pipe (the card id is unique per provider). */
  findByProviderId(orgId: string, provider: LeadProvider, externalId: string): Promise<Lead | undefined>;
  findById(orgId: string, id: string): Promise<Lead | undefined>;
  list(query: LeadQuery): Promise<{ readonly leads: readonly Lead[]; readonly total: number }>;
}
export const LeadRepository: Token<LeadRepository> = token('LeadRepository');

/** One accepted delivery, with its raw payload exactly as received. */
export interface LeadEventRecord {
  readonly id: string;
  readonly orgId: string;
  readonly leadId: string;
  readonly provider: LeadProvider;
  readonly action: string;
  readonly rawBody: string;
  readonly bodyHash: string;
  readonly receivedAt: Date;
}

export type ReceiptClaim = { readonly kind: 'claimed' } | { readonly kind: 'recent'; readonly leadId: string };

/**
 * The lead event log plus the redelivery receipts: a receipt per (org, provider, body hash)
 * remembers when that exact body was last accepted, and names the event that delivery stored.
 */
export interface LeadEventLog {
  /**
   * The lead of an exact redelivery accepted within `windowMs` before `now`, if any. A receipt whose
   * event is not stored (the delivery died between the two writes) is no redelivery: the resend runs
   * the whole path again and `append` stores the missing event.
   */
  recentDelivery(
    orgId: string,
    provider: LeadProvider,
    bodyHash: string,
    now: Date,
    windowMs: number,
  ): Promise<string | undefined>;
  /**
   * Records the receipt and appends the event, unless a concurrent twin of the same body got there
   * first (then: 'recent' and nothing appended). One receipt per body and window, decided by a unique
   * index; one event per receipt, decided by the event id the receipt names. A recent receipt whose
   * event is missing gets it from this delivery, under the receipt's event id ('claimed').
   */
  // Crash consistency (CONTRACT 10.2): (c) the receipt naming its event id, then the event under that id (a duplicate =
  // already stored); a crash between leaves a receipt that is no redelivery, so the provider's resend stores the
  // missing event once (docs/decisions.md "Hub inbound webhooks").
  append(event: LeadEventRecord, windowMs: number): Promise<ReceiptClaim>;
  listOf(leadId: string): Promise<readonly LeadEventRecord[]>;
}
export const LeadEventLog: Token<LeadEventLog> = token('LeadEventLog');

export interface LeadTemplateRepository {
  create(template: LeadTemplate): Promise<void>;
  /** In creation order (the order template selection walks). */
  listOf(orgId: string): Promise<readonly LeadTemplate[]>;
}
export const LeadTemplateRepository: Token<LeadTemplateRepository> = token('LeadTemplateRepository');

export interface OutboxMessage {
  readonly id: string;
  readonly orgId: string;
  readonly leadId: string;
  readonly templateId: string;
  readonly to: string;
  readonly text: string;
  readonly createdAt: Date;
}

export interface Outbox {
  /** Queues the message once: a second enqueue with the same id is a no-op (redeliveries). */
  // Crash consistency (CONTRACT 10.2): (a) one insert, idempotent by the id derived from lead and template.
  enqueue(message: OutboxMessage): Promise<void>;
  listOf(orgId: string): Promise<readonly OutboxMessage[]>;
}
export const Outbox: Token<Outbox> = token('Outbox');

export interface WebhookSettingsPatch {
  readonly webhookSecret?: string;
  readonly humanTeam?: boolean;
  readonly businessHours?: WebhookSettings['businessHours'];
  readonly timezone?: string;
}

export interface WebhookSettingsRepository {
  /** undefined when the organization does not exist (one read answers both, spec part 4 404). */
  find(orgId: string): Promise<WebhookSettings | undefined>;
  /** false when the organization does not exist. */
  update(orgId: string, patch: WebhookSettingsPatch): Promise<boolean>;
}
export const WebhookSettingsRepository: Token<WebhookSettingsRepository> = token('WebhookSettingsRepository');

export interface CrmCredentials {
  readonly endpoint: string;
  readonly token: string;
}

export interface CrmCredentialsRepository {
  set(orgId: string, credentials: CrmCredentials): Promise<void>;
  find(orgId: string): Promise<CrmCredentials | undefined>;
}
export const CrmCredentialsRepository: Token<CrmCredentialsRepository> = token('CrmCredentialsRepository');

/** The provider's card, read through its GraphQL interface (CONTRACT 6.1). */
export interface CrmCardReader {
  /** An unreachable, slow (bounded timeout) or failing provider is a `failed` value, not a throw: the answer is 502. */
  fetch(credentials: CrmCredentials, cardId: string): Promise<CrmCardFetch>;
}
export const CrmCardReader: Token<CrmCardReader> = token('CrmCardReader');

export type CrmCardFetch =
  | { readonly kind: 'found'; readonly card: CrmCard }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'failed'; readonly reason: string };

export interface ChannelRepository {
  /** false when the organization already has a channel of that name. */
  create(channel: Channel): Promise<boolean>;
  listOf(orgId: string): Promise<readonly Channel[]>;
}
export const ChannelRepository: Token<ChannelRepository> = token('ChannelRepository');
