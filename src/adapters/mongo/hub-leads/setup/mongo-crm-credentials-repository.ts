import type { Db } from 'mongodb';
import type { CrmCredentials, CrmCredentialsRepository } from '../../../../application/hub-leads/ports';
import type { Clock } from '../../../../application/shared/ports';
import { crmCredentialsCollection } from './crm-credentials-collection';
import { crmCredentialsFromDocument, crmCredentialsToSet } from './crm-credentials-mapper';

export class MongoCrmCredentialsRepository implements CrmCredentialsRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async set(orgId: string, credentials: CrmCredentials): Promise<void> {
    await crmCredentialsCollection(this.db).updateOne(
      { _id: orgId },
      { $set: crmCredentialsToSet(credentials, this.clock.now()) },
      { upsert: true },
    );
  }

  async find(orgId: string): Promise<CrmCredentials | undefined> {
    const doc = await crmCredentialsCollection(this.db).findOne({ _id: orgId });
    return doc === null ? undefined : crmCredentialsFromDocument(doc);
  }
}
