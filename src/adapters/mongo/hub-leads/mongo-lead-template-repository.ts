import type { Db } from 'mongodb';
import type { LeadTemplateRepository } from '../../../application/hub-leads/ports';
import type { LeadTemplate } from '../../../domain/hub-leads/lead-template';
import { HUB_LEAD_TEMPLATES, leadTemplateFromDocument, leadTemplateToDocument, type LeadTemplateDocument } from './lead-template-collection';

export class MongoLeadTemplateRepository implements LeadTemplateRepository {
  constructor(private readonly db: Db) {}

  private get collection() {
    return this.db.collection<LeadTemplateDocument>(HUB_LEAD_TEMPLATES);
  }

  async create(template: LeadTemplate): Promise<void> {
    await this.collection.insertOne(leadTemplateToDocument(template));
  }

  async listOf(orgId: string): Promise<readonly LeadTemplate[]> {
    return (await this.collection.find({ orgId }).sort({ createdAt: 1, _id: 1 }).toArray()).map(leadTemplateFromDocument);
  }
}
