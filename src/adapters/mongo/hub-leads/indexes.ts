import type { CollectionIndexes } from '../shared/collection-indexes';
import { hubChannelIndexes } from './setup/channel-collection';
import { hubCrmCredentialsIndexes } from './setup/crm-credentials-collection';
import { hubLeadIndexes } from './leads/lead-collection';
import { hubLeadEventIndexes } from './leads/lead-event-collection';
import { hubLeadTemplateIndexes } from './setup/lead-template-collection';
import { hubOutboxIndexes } from './outbox/outbox-collection';
import { hubPipelineIndexes } from './setup/pipeline-collection';
import { hubErasureIndexes } from './privacy/hub-erasure-collection';
import { hubWebhookReceiptIndexes } from './webhooks/webhook-receipt-collection';

/**
 * The collections of the hub-leads area (pipelines, leads, lead events, webhook receipts, templates,
 * outbox, CRM credentials, channels, privacy erasure requests). The webhook settings live on hub identity's
 * organizations.
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
  hubErasureIndexes,
];
