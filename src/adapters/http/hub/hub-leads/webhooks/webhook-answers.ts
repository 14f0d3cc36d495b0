import * as t from 'io-ts';
import type { ReceiveLeadFormOutput } from '../../../../../application/hub-leads/receive-lead-form';
import type { UpsertLeadFromWebhookOutput } from '../../../../../application/hub-leads/upsert-lead-from-webhook';

export const ProcessedAnswer = t.type({ ok: t.literal(true), leadId: t.string, created: t.boolean });
export const SkippedCrmEventAnswer = t.type({ ok: t.literal(true), skipped: t.literal('unrecognized event') });
export const LeadFormAnswer = t.union([
  ProcessedAnswer,
  t.type({ message: t.literal('No active template') }),
  t.type({ skipped: t.literal('business_hours') }),
]);

/** CONTRACT 6.4: the answer of a processed webhook. */
export const processedAnswer = (result: UpsertLeadFromWebhookOutput): t.TypeOf<typeof ProcessedAnswer> => ({
  ok: true,
  leadId: result.leadId,
  created: result.created,
});

/** Spec part 4 response table and CONTRACT 6.2-6.4: the 200 answers of the lead-form webhook. */
export function leadFormAnswer(outcome: ReceiveLeadFormOutput): t.TypeOf<typeof LeadFormAnswer> {
  switch (outcome.kind) {
    case 'no-template':
      return { message: 'No active template' };
    case 'business-hours':
      return { skipped: 'business_hours' };
    case 'processed':
      return processedAnswer(outcome);
  }
}
