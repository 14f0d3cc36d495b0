import type { Db } from 'mongodb';
import type { OrganizationRepository } from '../../../application/hub-identity/ports';
import type { Organization } from '../../../domain/hub-identity/tenancy';
import { isDuplicateKey } from '../shared/mongo-errors';
import {
  HUB_ORGANIZATIONS,
  organizationFromDocument,
  organizationToDocument,
  type OrganizationDocument,
} from './organization-collection';

export class MongoOrganizationRepository implements OrganizationRepository {
  constructor(private readonly db: Db) {}

  private get collection() {
    return this.db.collection<OrganizationDocument>(HUB_ORGANIZATIONS);
  }

  async create(organization: Organization): Promise<boolean> {
    try {
      await this.collection.insertOne(organizationToDocument(organization));
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  async removeFoundedBy(id: string, userId: string): Promise<void> {
    await this.collection.deleteOne({ _id: id, foundedBy: userId });
  }

  async findById(id: string): Promise<Organization | undefined> {
    const doc = await this.collection.findOne({ _id: id });
    return doc === null ? undefined : organizationFromDocument(doc);
  }
}
