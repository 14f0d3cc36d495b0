import * as E from 'fp-ts/Either';
import { NEW_LEAD_STAGE } from '../../domain/hub-leads/lead';
import type { LeadFormEvent } from '../../domain/hub-leads/lead-form';
import { renderMessage, selectTemplate } from '../../domain/hub-leads/lead-template';
import { humanTeamOnDuty, type WebhookSettings } from '../../domain/hub-leads/webhook-settings';
import type { Clock, SecretHasher } from '../shared/ports';
import { DEFAULT_REDELIVERY_WINDOW_MS, type UpsertLeadFromWebhook } from './upsert-lead-from-webhook';
import type { LeadEventLog, LeadTemplateRepository, Outbox } from './ports';

export interface ReceiveLeadFormInput {
  readonly orgId: string;
  /** The settings the signature was checked with (one read per delivery). */
  readonly settings: WebhookSettings;
  readonly event: LeadFormEvent;
  readonly rawBody: string;
}

export type ReceiveLeadFormOutput =
  | { readonly kind: 'no-template' }
  | { readonly kind: 'business-hours' }
  | { readonly kind: 'processed'; readonly leadId: string; readonly created: boolean };

const PROVIDER = 'leadprovider';

/**
 * Spec part 4 and CONTRACT 6.2/6.3: select the organization's template from the flattened form,
 * let a human team on duty take it (no side effect), else upsert the lead by (pipeline,
 * externalId) and queue the template's first message. The message id is derived from the lead and
 * the template, so a redelivery or a retry after a fault never queues it twice.
 */
export class ReceiveLeadForm {
  constructor(
    private readonly upsert: UpsertLeadFromWebhook,
    private readonly templates: LeadTemplateRepository,
    private readonly events: LeadEventLog,
    private readonly outbox: Outbox,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
    private readonly redeliveryWindowMs: number = DEFAULT_REDELIVERY_WINDOW_MS,
  ) {}

  async execute(input: ReceiveLeadFormInput): Promise<E.Either<never, ReceiveLeadFormOutput>> {
    const { orgId, event } = input;
    const template = selectTemplate(await this.templates.listOf(orgId), event.flat);
    if (template === undefined) return E.right({ kind: 'no-template' });
    const now = this.clock.now();
    if (humanTeamOnDuty(input.settings, now)) return E.right({ kind: 'business-hours' });

    const bodyHash = this.hasher.hash(input.rawBody);
    const seen = await this.events.recentDelivery(orgId, PROVIDER, bodyHash, now, this.redeliveryWindowMs);
    if (seen !== undefined) return E.right({ kind: 'processed', leadId: seen, created: false });

    const result = await this.upsert.execute({
      orgId,
      provider: PROVIDER,
      pipelineExternalId: template.pipelineExternalId,
      externalId: event.externalId,
      changes: { name: event.name, phone: event.phone, email: event.email, fields: event.flat },
      initial: { stage: NEW_LEAD_STAGE },
      action: 'lead.form',
      rawBody: input.rawBody,
      bodyHash,
      beforeRecord: (leadId) =>
        this.outbox.enqueue({
          id: `first-message:${leadId}:${template.id}`,
          orgId,
          leadId,
          templateId: template.id,
          to: event.phone,
          text: renderMessage(template.message, event.flat),
          createdAt: now,
        }),
    });
    return E.right({ kind: 'processed', ...result });
  }
}
