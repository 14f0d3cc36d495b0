import type { Db } from 'mongodb';
import type { WebhookSettingsPatch, WebhookSettingsRepository } from '../../../application/hub-leads/ports';
import { parseBusinessHours } from '../../../domain/hub-leads/business-hours';
import { DEFAULT_WEBHOOK_SETTINGS, type WebhookSettings } from '../../../domain/hub-leads/webhook-settings';
import { HUB_ORGANIZATIONS } from '../hub-identity/organization-collection';

/**
 * The settings live on the organization document (the secret already does, from `hub create-org`),
 * so one read by `_id` answers both "does the organization exist" (404) and "how to verify".
 */
interface OrganizationWebhookView {
  _id: string;
  webhookSecret?: string;
  webhookSettings?: { humanTeam: boolean; businessHours: string | null; timezone: string };
}

export class MongoWebhookSettingsRepository implements WebhookSettingsRepository {
  constructor(private readonly db: Db) {}

  private get collection() {
    return this.db.collection<OrganizationWebhookView>(HUB_ORGANIZATIONS);
  }

  async find(orgId: string): Promise<WebhookSettings | undefined> {
    const doc = await this.collection.findOne({ _id: orgId });
    if (doc === null) return undefined;
    const stored = doc.webhookSettings;
    const hours = stored?.businessHours == null ? undefined : parseBusinessHours(stored.businessHours);
    if (hours !== undefined && hours._tag === 'Left') throw new Error(`organization ${orgId} has unreadable business hours`);
    return {
      humanTeam: stored?.humanTeam ?? DEFAULT_WEBHOOK_SETTINGS.humanTeam,
      timezone: stored?.timezone ?? DEFAULT_WEBHOOK_SETTINGS.timezone,
      ...(hours === undefined ? {} : { businessHours: hours.right }),
      ...(doc.webhookSecret === undefined ? {} : { webhookSecret: doc.webhookSecret }),
    };
  }

  async update(orgId: string, patch: WebhookSettingsPatch): Promise<boolean> {
    const current = await this.find(orgId);
    if (current === undefined) return false;
    const settings = {
      humanTeam: patch.humanTeam ?? current.humanTeam,
      businessHours: (patch.businessHours ?? current.businessHours)?.text ?? null,
      timezone: patch.timezone ?? current.timezone,
    };
    const result = await this.collection.updateOne(
      { _id: orgId },
      { $set: { webhookSettings: settings, ...(patch.webhookSecret === undefined ? {} : { webhookSecret: patch.webhookSecret }) } },
    );
    return result.matchedCount === 1;
  }
}
