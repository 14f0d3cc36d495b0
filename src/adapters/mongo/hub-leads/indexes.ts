import type { CollectionIndexes } from '../shared/collection-indexes';
import { hubChannelIndexes } from './channel-collection';
import { hubCrmCredentialsIndexes } from './crm-credentials-collection';
import { hubLeadIndexes } from './lead-collection';
import { hubLeadEventIndexes } from './lead-event-collection';
import { hubLeadTemplateIndexes } from './lead-template-collection';
import { hubOutboxIndexes } from './outbox-collection';
import { hubPipelineIndexes } from './pipeline-collection';
import { hubWebhookReceiptIndexes } from './webhook-receipt-collection';

/**
 * The collections of the hub-leads area (pipelines, leads, lead events, webhook receipts, templates,
 * outbox, CRM credentials, channels). The webhook settings live on hub identity's organizations.
 */
export const hubLeadsAreaIndexes: readonly CollectionIndexes[] = [
  hubPipelineIndexes,
  hubLeadIndexes,
  hubLeadEventIndexes,
  hubWebhookReceiptIndexes,
  hubLeadTemplateIndexes,
  hubOutboxIndexes,
  hubCrmCredentialsIndexes,
  hubChannelIndexes,
];
