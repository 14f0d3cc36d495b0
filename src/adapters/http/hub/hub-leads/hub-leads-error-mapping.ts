import type { CheckOrganizationExistsError } from '../../../../application/hub-leads/check-organization-exists';
import type { CreateChannelError } from '../../../../application/hub-leads/create-channel';
import type { CreateLeadTemplateError } from '../../../../application/hub-leads/create-lead-template';
import type { CreatePipelineError } from '../../../../application/hub-leads/create-pipeline';
import type { GetLeadError } from '../../../../application/hub-leads/get-lead';
import type { GetOrganizationSummaryError } from '../../../../application/hub-leads/get-organization-summary';
import type { GetWebhookSettingsError } from '../../../../application/hub-leads/get-webhook-settings';
import type { ReceiveCrmEventError } from '../../../../application/hub-leads/receive-crm-event';
import type { SetCrmCredentialsError } from '../../../../application/hub-leads/set-crm-credentials';
import type { SetWebhookSettingsError } from '../../../../application/hub-leads/set-webhook-settings';
import type { ErrorMapping } from '../../shared/errors/error-mapping';
import { HttpError } from '../../shared/errors/http-error';

/** The hub-leads errors. */
export type HubLeadsError =
  | CreateChannelError
  | CreatePipelineError
  | CreateLeadTemplateError
  | GetLeadError
  | GetOrganizationSummaryError
  | ReceiveCrmEventError
  | SetCrmCredentialsError
  | SetWebhookSettingsError
  | GetWebhookSettingsError
  | CheckOrganizationExistsError;

/**
 * Hub spec part 7; an unknown organization is answered by the hub-identity piece (organizations are that context's).
 */
export const hubLeadsErrors: ErrorMapping<Exclude<HubLeadsError, { readonly _tag: 'OrganizationNotFound' }>> = {
  ChannelNameTaken: () => new HttpError(409, 'Name already exists'),
  PipelineExists: () => new HttpError(409, 'Pipeline already exists for this provider + externalId'),
  LeadNotFound: () => new HttpError(404, 'Lead not found'),
  NoCrmCredentials: () => new HttpError(502, 'No credential set found for provider'),
  ProviderFetchFailed: () => new HttpError(502, 'Provider fetch failed'),
  UnknownPipe: () =>
    new HttpError(400, 'Validation error', {
      details: { 'data.card.pipe.id': ['data.card.pipe.id is required for a card this organization has not seen'] },
    }),
};
