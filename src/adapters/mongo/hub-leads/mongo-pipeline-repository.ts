import type { Db } from 'mongodb';
import type { PipelineRepository } from '../../../application/hub-leads/ports';
import type { LeadProvider, Pipeline } from '../../../domain/hub-leads/lead';
import { isDuplicateKey } from '../shared/mongo-errors';
import { HUB_PIPELINES, pipelineFromDocument, pipelineToDocument, type PipelineDocument } from './pipeline-collection';

export class MongoPipelineRepository implements PipelineRepository {
  constructor(private readonly db: Db) {}

  private get collection() {
    return this.db.collection<PipelineDocument>(HUB_PIPELINES);
  }

  async create(pipeline: Pipeline): Promise<boolean> {
    try {
      await this.collection.insertOne(pipelineToDocument(pipeline));
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  async find(orgId: string, provider: LeadProvider, externalId: string): Promise<Pipeline | undefined> {
    const doc = await this.collection.findOne({ orgId, provider, externalId });
    return doc === null ? undefined : pipelineFromDocument(doc);
  }

  async listOf(orgId: string): Promise<readonly Pipeline[]> {
    return (await this.collection.find({ orgId }).sort({ createdAt: 1, _id: 1 }).toArray()).map(pipelineFromDocument);
  }
}
