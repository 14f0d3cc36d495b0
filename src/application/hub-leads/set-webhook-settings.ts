import * as E from 'fp-ts/Either';
import type { WebhookSettings } from '../../domain/hub-leads/webhook-settings';
import type { WebhookSettingsPatch, WebhookSettingsRepository } from './ports';

export type SetWebhookSettingsError = { readonly _tag: 'OrganizationNotFound' };

/** `hub set-webhook-settings`: changes only the settings given, answers the settings now in force. */
export class SetWebhookSettings {
  constructor(private readonly settings: WebhookSettingsRepository) {}

  async execute(input: {
    readonly orgId: string;
    readonly patch: WebhookSettingsPatch;
  }): Promise<E.Either<SetWebhookSettingsError, WebhookSettings>> {
    if (!(await this.settings.update(input.orgId, input.patch))) return E.left({ _tag: 'OrganizationNotFound' });
    const current = await this.settings.find(input.orgId);
    return current === undefined ? E.left({ _tag: 'OrganizationNotFound' }) : E.right(current);
  }
}
