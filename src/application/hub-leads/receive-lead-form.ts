import { NEW_LEAD_STAGE } from '../../domain/hub-leads/lead';
import { leadFormExternalId, type LeadForm } from '../../domain/hub-leads/lead-form';
import { renderMessage, selectTemplate } from '../../domain/hub-leads/lead-template';
import { humanTeamOnDuty, type WebhookSettings } from '../../domain/hub-leads/webhook-settings';
import type { Clock, SecretHasher } from '../shared/ports';
import { DEFAULT_REDELIVERY_WINDOW_MS, type UpsertLeadFromWebhook } from './upsert-lead-from-webhook';
import type { LeadEventLog, LeadTemplateRepository, Outbox } from './ports';

export interface ReceiveLeadFormInput {
  readonly orgId: string;
  /** The settings the signature was checked with (one read per delivery). */
  readonly settings: WebhookSettings;
  readonly form: LeadForm;
  readonly rawBody: string;
}

export type ReceiveLeadFormOutput =
  | { readonly kind: 'no-template' }
  | { readonly kind: 'business-hours' }
  | { readonly kind: 'processed'; readonly leadId: string; readonly created: boolean };

const PROVIDER = 'leadprovider';

/**
 * Spec part 4 and CONTRACT 6.2/6.3: select the organization's template from the form's fields,
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

  async execute(input: ReceiveLeadFormInput): Promise<ReceiveLeadFormOutput> {
    const { orgId, form } = input;
    const template = selectTemplate(await this.templates.listOf(orgId), form.fields);
    if (template === undefined) return { kind: 'no-template' };
    const now = this.clock.now();
    if (humanTeamOnDuty(input.settings, now)) return { kind: 'business-hours' };

    const bodyHash = this.hasher.hash(input.rawBody);
    const seen = await this.events.recentDelivery(orgId, PROVIDER, bodyHash, now, this.redeliveryWindowMs);
    if (seen !== undefined) return { kind: 'processed', leadId: seen, created: false };

    const result = await this.upsert.execute({
      orgId,
      provider: PROVIDER,
      pipelineExternalId: template.pipelineExternalId,
      externalId: leadFormExternalId(form, bodyHash),
      changes: { name: form.name, phone: form.phone.value, email: form.email, fields: form.fields },
      initial: { stage: NEW_LEAD_STAGE },
      action: 'lead.form',
      rawBody: input.rawBody,
      bodyHash,
      beforeRecord: async (leadId) => {
        // An unusable phone (CONTRACT 7) cannot receive the first message: the lead is kept for people to handle.
        if (!form.phone.usable) return;
        await this.outbox.enqueue({
          id: `first-message:${leadId}:${template.id}`,
          orgId,
          leadId,
          templateId: template.id,
          to: form.phone.value,
          text: renderMessage(template.message, form.fields),
          createdAt: now,
        });
      },
    });
    return { kind: 'processed', ...result };
  }
}
