import * as E from 'fp-ts/Either';
import type { WebhookSettings } from '../../domain/hub-leads/webhook-settings';
import type { WebhookSettingsRepository } from './ports';

export type GetWebhookSettingsError = { readonly _tag: 'OrganizationNotFound' };

/**
 * Spec part 4 and 5.7: the organization a webhook is addressed to (unknown: 404) and how to verify
 * it. One read answers both, and the same settings are handed to the lead-form use case.
 */
export class GetWebhookSettings {
  constructor(private readonly settings: WebhookSettingsRepository) {}

  async execute(input: { readonly orgId: string }): Promise<E.Either<GetWebhookSettingsError, WebhookSettings>> {
    const settings = await this.settings.find(input.orgId);
    return settings === undefined ? E.left({ _tag: 'OrganizationNotFound' }) : E.right(settings);
  }
}
