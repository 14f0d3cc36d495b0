import type { Db } from 'mongodb';
import type { LeadTemplateRepository } from '../../../../application/hub-leads/ports';
import type { LeadTemplate } from '../../../../domain/hub-leads/lead-template';
import { leadTemplateCollection } from './lead-template-collection';
import { leadTemplateFromDocument, leadTemplateToDocument } from './lead-template-mapper';

export class MongoLeadTemplateRepository implements LeadTemplateRepository {
  constructor(private readonly db: Db) {}

  async create(template: LeadTemplate): Promise<void> {
    await leadTemplateCollection(this.db).insertOne(leadTemplateToDocument(template));
  }

  async listOf(orgId: string): Promise<readonly LeadTemplate[]> {
    const docs = await leadTemplateCollection(this.db).find({ orgId }).sort({ createdAt: 1, _id: 1 }).toArray();
    return docs.map(leadTemplateFromDocument);
  }
}
