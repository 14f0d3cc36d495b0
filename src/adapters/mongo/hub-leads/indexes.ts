import type { CollectionIndexes } from '../shared/collection-indexes';
import { hubChannelIndexes } from './channel-collection';
import { hubCrmCredentialsIndexes } from './crm-credentials-collection';
import { hubLeadIndexes } from './lead-collection';
import { hubLeadEventIndexes, hubWebhookReceiptIndexes } from './lead-event-collection';
import { hubLeadTemplateIndexes } from './lead-template-collection';
import { hubOutboxIndexes } from './outbox-collection';
import { hubPipelineIndexes } from './pipeline-collection';

/** The collections of the hub-leads area (pipelines, leads, lead events and webhook receipts, templates, outbox, CRM credentials, channels). */
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
