import type { WebhookSettingsPatch } from '../../../../application/hub-leads/ports';
import { parseBusinessHours } from '../../../../domain/hub-leads/business-hours';
import { DEFAULT_WEBHOOK_SETTINGS, type WebhookSettings } from '../../../../domain/hub-leads/webhook-settings';
import type { OrganizationWebhookDocument } from './webhook-settings-collection';

export function webhookSettingsFromDocument(doc: OrganizationWebhookDocument): WebhookSettings {
  const stored = doc.webhookSettings;
  const hours = stored?.businessHours == null ? undefined : parseBusinessHours(stored.businessHours);
  if (hours !== undefined && hours._tag === 'Left')
    throw new Error(`organization ${doc._id} has unreadable business hours`);
  return {
    humanTeam: stored?.humanTeam ?? DEFAULT_WEBHOOK_SETTINGS.humanTeam,
    timezone: stored?.timezone ?? DEFAULT_WEBHOOK_SETTINGS.timezone,
    ...(hours === undefined ? {} : { businessHours: hours.right }),
    ...(doc.webhookSecret === undefined ? {} : { webhookSecret: doc.webhookSecret }),
  };
}

/**
 * The `$set` of a patch: only the members it carries, each on its own path, so concurrent patches of different members
 * both stay.
 */
export function webhookSettingsPatchToSet(patch: WebhookSettingsPatch): Record<string, string | boolean> {
  const set: Record<string, string | boolean> = {};
  if (patch.webhookSecret !== undefined) set.webhookSecret = patch.webhookSecret;
  if (patch.humanTeam !== undefined) set['webhookSettings.humanTeam'] = patch.humanTeam;
  if (patch.businessHours !== undefined) set['webhookSettings.businessHours'] = patch.businessHours.text;
  if (patch.timezone !== undefined) set['webhookSettings.timezone'] = patch.timezone;
  return set;
}
