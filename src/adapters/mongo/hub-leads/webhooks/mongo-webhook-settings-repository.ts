import type { Db } from 'mongodb';
import type { WebhookSettingsPatch, WebhookSettingsRepository } from '../../../../application/hub-leads/ports';
import type { WebhookSettings } from '../../../../domain/hub-leads/webhook-settings';
import { organizationWebhookCollection } from './webhook-settings-collection';
import { webhookSettingsFromDocument, webhookSettingsPatchToSet } from './webhook-settings-mapper';

export class MongoWebhookSettingsRepository implements WebhookSettingsRepository {
  constructor(private readonly db: Db) {}

  async find(orgId: string): Promise<WebhookSettings | undefined> {
    const doc = await organizationWebhookCollection(this.db).findOne({ _id: orgId });
    return doc === null ? undefined : webhookSettingsFromDocument(doc);
  }

  /** One conditional write (ARCHITECTURE 4): the organization must exist, and only the given members change. */
  async update(orgId: string, patch: WebhookSettingsPatch): Promise<boolean> {
    const set = webhookSettingsPatchToSet(patch);
    if (Object.keys(set).length === 0) return (await this.find(orgId)) !== undefined;
    const result = await organizationWebhookCollection(this.db).updateOne({ _id: orgId }, { $set: set });
    return result.matchedCount === 1;
  }
}
