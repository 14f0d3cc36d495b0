import type { Db } from 'mongodb';
import type { CrmCredentials, CrmCredentialsRepository } from '../../../application/hub-leads/ports';
import { HUB_CRM_CREDENTIALS, type CrmCredentialsDocument } from './crm-credentials-collection';

export class MongoCrmCredentialsRepository implements CrmCredentialsRepository {
  constructor(private readonly db: Db) {}

  private get collection() {
    return this.db.collection<CrmCredentialsDocument>(HUB_CRM_CREDENTIALS);
  }

  async set(orgId: string, credentials: CrmCredentials): Promise<void> {
    await this.collection.updateOne({ _id: orgId }, { $set: { endpoint: credentials.endpoint, token: credentials.token, updatedAt: new Date() } }, { upsert: true });
  }

  async find(orgId: string): Promise<CrmCredentials | undefined> {
    const doc = await this.collection.findOne({ _id: orgId });
    return doc === null ? undefined : { endpoint: doc.endpoint, token: doc.token };
  }
}
