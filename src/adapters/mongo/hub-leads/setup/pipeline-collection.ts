import type { Collection, Db } from 'mongodb';
import type { CollectionIndexes } from '../../shared/collection-indexes';

export const HUB_PIPELINES = 'hub_pipelines';

export interface PipelineDocument {
  _id: string;
  orgId: string;
  name: string;
  provider: string;
  externalId: string;
  createdAt: Date;
}

export function pipelineCollection(db: Db): Collection<PipelineDocument> {
  return db.collection<PipelineDocument>(HUB_PIPELINES);
}

export const hubPipelineIndexes: CollectionIndexes = {
  collection: HUB_PIPELINES,
  // CONTRACT 6.1 and 7: one pipeline per (org, provider, external id); racing first events meet here.
  indexes: [{ key: { orgId: 1, provider: 1, externalId: 1 }, unique: true, name: 'org_provider_external_unique' }],
};
