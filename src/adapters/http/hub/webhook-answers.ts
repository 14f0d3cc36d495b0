import type { ReceiveLeadFormOutput } from '../../../application/hub-leads/receive-lead-form';
import type { UpsertLeadFromWebhookOutput } from '../../../application/hub-leads/upsert-lead-from-webhook';

/** CONTRACT 6.4: the answer of a processed webhook. */
export const processedAnswer = (result: UpsertLeadFromWebhookOutput) => ({ ok: true, leadId: result.leadId, created: result.created });

/** Spec part 4 response table and CONTRACT 6.2-6.4: the 200 answers of the lead-form webhook. */
export function leadFormAnswer(outcome: ReceiveLeadFormOutput): Record<string, unknown> {
  switch (outcome.kind) {
    case 'no-template':
      return { message: 'No active template' };
    case 'business-hours':
      return { skipped: 'business_hours' };
    case 'processed':
      return processedAnswer(outcome);
  }
}
