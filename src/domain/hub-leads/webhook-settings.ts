import { isWithinBusinessHours, type BusinessHours } from './business-hours';

export const DEFAULT_TIMEZONE = 'America/Sao_Paulo';

/** An organization's inbound-webhook settings (CONTRACT 2 `hub set-webhook-settings`, 6.3, spec 5.7). */
export interface WebhookSettings {
  /** HMAC secret (spec part 5.7); absent: webhooks are accepted without a check. */
  readonly webhookSecret?: string;
  readonly humanTeam: boolean;
  readonly businessHours?: BusinessHours;
  readonly timezone: string;
}

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = { humanTeam: false, timezone: DEFAULT_TIMEZONE };

/** CONTRACT 6.3: only an organization with a human team and business hours skips leads inside them. */
export function humanTeamOnDuty(settings: WebhookSettings, at: Date): boolean {
  return (
    settings.humanTeam &&
    settings.businessHours !== undefined &&
    isWithinBusinessHours(settings.businessHours, settings.timezone, at)
  );
}
