import { LEAD_PROVIDERS, type LeadProvider, type Pipeline } from '../../../../domain/hub-leads/lead';
import type { PipelineDocument } from './pipeline-collection';

export const pipelineToDocument = (p: Pipeline): PipelineDocument => ({
  _id: p.id,
  orgId: p.orgId,
  name: p.name,
  provider: p.provider,
  externalId: p.externalId,
  createdAt: p.createdAt,
});

export function pipelineFromDocument(d: PipelineDocument): Pipeline {
  if (!(LEAD_PROVIDERS as readonly string[]).includes(d.provider))
    throw new Error(`pipeline ${d._id} has an unknown provider`);
  return {
    id: d._id,
    orgId: d.orgId,
    name: d.name,
    provider: d.provider as LeadProvider,
    externalId: d.externalId,
    createdAt: d.createdAt,
  };
}
