import type { Db } from 'mongodb';
import type { PipelineRepository } from '../../../../application/hub-leads/ports';
import type { LeadProvider, Pipeline } from '../../../../domain/hub-leads/lead';
import { isDuplicateKey } from '../../shared/mongo-errors';
import { pipelineCollection } from './pipeline-collection';
import { pipelineFromDocument, pipelineToDocument } from './pipeline-mapper';

export class MongoPipelineRepository implements PipelineRepository {
  constructor(private readonly db: Db) {}

  async create(pipeline: Pipeline): Promise<boolean> {
    try {
      await pipelineCollection(this.db).insertOne(pipelineToDocument(pipeline));
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  async find(orgId: string, provider: LeadProvider, externalId: string): Promise<Pipeline | undefined> {
    const doc = await pipelineCollection(this.db).findOne({ orgId, provider, externalId });
    return doc === null ? undefined : pipelineFromDocument(doc);
  }

  async listOf(orgId: string): Promise<readonly Pipeline[]> {
    const docs = await pipelineCollection(this.db).find({ orgId }).sort({ createdAt: 1, _id: 1 }).toArray();
    return docs.map(pipelineFromDocument);
  }
}
