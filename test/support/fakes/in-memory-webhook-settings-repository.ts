import type { WebhookSettingsPatch, WebhookSettingsRepository } from '../../../src/application/hub-leads/ports';
import { parseBusinessHours } from '../../../src/domain/hub-leads/business-hours';
import { DEFAULT_WEBHOOK_SETTINGS, type WebhookSettings } from '../../../src/domain/hub-leads/webhook-settings';

/** What the organization record holds of the webhook settings; hours kept as text and parsed when read, as stored. */
interface StoredSettings {
  readonly webhookSecret?: string;
  readonly humanTeam?: boolean;
  readonly businessHours?: string;
  readonly timezone?: string;
}

/** The settings live on the organization: an organization must exist (addOrganization) to have any. */
export class InMemoryWebhookSettingsRepository implements WebhookSettingsRepository {
  private readonly organizations = new Map<string, StoredSettings>();

  /** What `hub create-org` does: the organization, with its webhook secret when given. */
  async addOrganization(orgId: string, webhookSecret?: string): Promise<void> {
    this.organizations.set(orgId, webhookSecret === undefined ? {} : { webhookSecret });
  }

  async find(orgId: string): Promise<WebhookSettings | undefined> {
    const stored = this.organizations.get(orgId);
    if (stored === undefined) return undefined;
    const hours = stored.businessHours === undefined ? undefined : parseBusinessHours(stored.businessHours);
    if (hours !== undefined && hours._tag === 'Left')
      throw new Error(`organization ${orgId} has unreadable business hours`);
    return {
      humanTeam: stored.humanTeam ?? DEFAULT_WEBHOOK_SETTINGS.humanTeam,
      timezone: stored.timezone ?? DEFAULT_WEBHOOK_SETTINGS.timezone,
      ...(hours === undefined ? {} : { businessHours: hours.right }),
      ...(stored.webhookSecret === undefined ? {} : { webhookSecret: stored.webhookSecret }),
    };
  }

  async update(orgId: string, patch: WebhookSettingsPatch): Promise<boolean> {
    const stored = this.organizations.get(orgId);
    if (stored === undefined) return false;
    this.organizations.set(orgId, {
      ...stored,
      ...(patch.webhookSecret === undefined ? {} : { webhookSecret: patch.webhookSecret }),
      ...(patch.humanTeam === undefined ? {} : { humanTeam: patch.humanTeam }),
      ...(patch.businessHours === undefined ? {} : { businessHours: patch.businessHours.text }),
      ...(patch.timezone === undefined ? {} : { timezone: patch.timezone }),
    });
    return true;
  }
}
