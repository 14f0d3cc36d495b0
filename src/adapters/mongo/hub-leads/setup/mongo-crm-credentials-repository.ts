import type { Db } from 'mongodb';
import type { CrmCredentials, CrmCredentialsRepository } from '../../../../application/hub-leads/ports';
import { crmCredentialsCollection } from './crm-credentials-collection';
import { crmCredentialsFromDocument, crmCredentialsToSet } from './crm-credentials-mapper';

export class MongoCrmCredentialsRepository implements CrmCredentialsRepository {
  constructor(private readonly db: Db) {}

  async set(orgId: string, credentials: CrmCredentials): Promise<void> {
    await crmCredentialsCollection(this.db).updateOne(
      { _id: orgId },
      { $set: crmCredentialsToSet(credentials, new Date()) },
      { upsert: true },
    );
  }

  async find(orgId: string): Promise<CrmCredentials | undefined> {
    const doc = await crmCredentialsCollection(this.db).findOne({ _id: orgId });
    return doc === null ? undefined : crmCredentialsFromDocument(doc);
  }
}
