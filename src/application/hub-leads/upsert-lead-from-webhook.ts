import { newLead, type LeadChanges, type LeadProvider } from '../../domain/hub-leads/lead';
import type { Clock, IdGenerator } from '../shared/ports';
import type { LeadEventLog, LeadRepository } from './ports';
import type { FindOrCreatePipeline } from './find-or-create-pipeline';

export interface UpsertLeadFromWebhookInput {
  readonly orgId: string;
  readonly provider: LeadProvider;
  /** The provider's pipeline id: the pipeline is found or created by (org, provider, this). */
  readonly pipelineExternalId: string;
  readonly externalId: string;
  /** What the event sets; a lead created by it starts from these over `initial`. */
  readonly changes: LeadChanges;
  /** Values only a newly created lead gets (e.g. the first stage). */
  readonly initial?: LeadChanges;
  readonly action: string;
  readonly rawBody: string;
  readonly bodyHash: string;
  /**
   * Side effects of an accepted event (the outbox), run after the upsert and before the event is
   * recorded: a fault in them leaves the delivery unrecorded, so the resend runs them again.
   */
  readonly beforeRecord?: (leadId: string) => Promise<void>;
}

export interface UpsertLeadFromWebhookOutput {
  readonly leadId: string;
  readonly created: boolean;
}

/** How long an identical body counts as a redelivery of the same event (configurable per container). */
export const DEFAULT_REDELIVERY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The lead upsert both webhook providers share (spec parts 3 and 6): pipeline by (org, provider,
 * pipe id), lead by (pipelineId, externalId), then the receipt and the event log entry. Every step is
 * idempotent, so a fault half-way is repaired by the provider's resend; the log is written last so a
 * failed delivery is never taken for an accepted one. A process killed between the receipt and the
 * event leaves a receipt that is no redelivery (LeadEventLog), so the resend runs this path again and
 * stores the event once (CONTRACT 10.2, docs/decisions.md "Hub inbound webhooks").
 */
export class UpsertLeadFromWebhook {
  constructor(
    private readonly pipelines: FindOrCreatePipeline,
    private readonly leads: LeadRepository,
    private readonly events: LeadEventLog,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly redeliveryWindowMs: number = DEFAULT_REDELIVERY_WINDOW_MS,
  ) {}

  async execute(input: UpsertLeadFromWebhookInput): Promise<UpsertLeadFromWebhookOutput> {
    const pipeline = await this.pipelines.execute({
      orgId: input.orgId,
      provider: input.provider,
      externalId: input.pipelineExternalId,
    });
    const now = this.clock.now();
    const fresh = newLead(
      {
        id: this.ids.next(),
        orgId: input.orgId,
        pipelineId: pipeline.id,
        pipelineExternalId: pipeline.externalId,
        externalId: input.externalId,
        provider: input.provider,
      },
      { ...input.initial, ...input.changes },
      now,
    );
    const { lead, created } = await this.leads.upsert(fresh, input.changes, now);
    await input.beforeRecord?.(lead.id);
    await this.events.append(
      {
        id: this.ids.next(),
        orgId: input.orgId,
        leadId: lead.id,
        provider: input.provider,
        action: input.action,
        rawBody: input.rawBody,
        bodyHash: input.bodyHash,
        receivedAt: now,
      },
      this.redeliveryWindowMs,
    );
    return { leadId: lead.id, created };
  }
}
