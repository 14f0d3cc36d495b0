import type { LeadEventRecord } from '../../../../application/hub-leads/ports';
import { LEAD_PROVIDERS, type LeadProvider } from '../../../../domain/hub-leads/lead';
import type { LeadEventDocument } from './lead-event-collection';

export const leadEventToDocument = (e: LeadEventRecord): LeadEventDocument => ({
  _id: e.id,
  orgId: e.orgId,
  leadId: e.leadId,
  provider: e.provider,
  action: e.action,
  rawBody: e.rawBody,
  bodyHash: e.bodyHash,
  receivedAt: e.receivedAt,
});

export function leadEventFromDocument(d: LeadEventDocument): LeadEventRecord {
  if (!(LEAD_PROVIDERS as readonly string[]).includes(d.provider))
    throw new Error(`lead event ${d._id} has an unknown provider`);
  return {
    id: d._id,
    orgId: d.orgId,
    leadId: d.leadId,
    provider: d.provider as LeadProvider,
    action: d.action,
    rawBody: d.rawBody,
    bodyHash: d.bodyHash,
    receivedAt: d.receivedAt,
  };
}
