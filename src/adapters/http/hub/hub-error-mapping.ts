import type { CreateHubUserError } from '../../../application/hub-identity/create-hub-user';
import type { CreateOrganizationError } from '../../../application/hub-identity/create-organization';
import type { GetHubMeError } from '../../../application/hub-identity/get-hub-me';
import type { LoginHubUserError } from '../../../application/hub-identity/login-hub-user';
import type { RegisterHubUserError } from '../../../application/hub-identity/register-hub-user';
import type { ResetHubPasswordError } from '../../../application/hub-identity/reset-hub-password';
import type { RotateRefreshTokenError } from '../../../application/hub-identity/rotate-refresh-token';
import type { CheckOrganizationExistsError } from '../../../application/hub-leads/check-organization-exists';
import type { CreateChannelError } from '../../../application/hub-leads/create-channel';
import type { CreateLeadTemplateError } from '../../../application/hub-leads/create-lead-template';
import type { CreatePipelineError } from '../../../application/hub-leads/create-pipeline';
import type { GetLeadError } from '../../../application/hub-leads/get-lead';
import type { GetWebhookSettingsError } from '../../../application/hub-leads/get-webhook-settings';
import type { GetOrganizationSummaryError } from '../../../application/hub-leads/get-organization-summary';
import type { ReceiveCrmEventError } from '../../../application/hub-leads/receive-crm-event';
import type { SetCrmCredentialsError } from '../../../application/hub-leads/set-crm-credentials';
import type { SetWebhookSettingsError } from '../../../application/hub-leads/set-webhook-settings';
import { HttpError } from '../shared/http-error';

/** Every expected failure of a hub use case (hub identity and hub leads). */
export type HubUseCaseError =
  | LoginHubUserError
  | RotateRefreshTokenError
  | GetHubMeError
  | RegisterHubUserError
  | ResetHubPasswordError
  | CreateHubUserError
  | CreateOrganizationError
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

/** Hub spec part 7 body `{error, details?}`; the messages are those of spec parts 4 and 7 and CONTRACT 5.2/7. */
export function hubHttpError(error: HubUseCaseError): HttpError {
  switch (error._tag) {
    case 'InvalidCredentials':
      return new HttpError(401, 'Invalid credentials');
    case 'NoMembership':
      return new HttpError(403, 'User has no organization membership');
    case 'UnknownRefreshToken':
    case 'RefreshTokenReused':
    case 'RefreshTokenInGrace':
    case 'RefreshTokenExpired':
      // Spec part 7: one message for invalid, expired and reused, so a thief learns nothing.
      return new HttpError(401, 'Invalid or reused refresh token');
    case 'AccountGone':
      // The token verified but its user or organization is gone: the token no longer stands for anyone.
      return new HttpError(401, 'Invalid or expired token');
    case 'EmailTaken':
      return new HttpError(409, 'Email already registered');
    case 'SlugTaken':
      return new HttpError(409, 'Slug already taken');
    case 'InvalidResetToken':
      return new HttpError(401, 'Invalid or expired reset token');
    case 'ResetTokenUsed':
      return new HttpError(401, 'Reset link already used');
    case 'OrganizationNotFound':
      return new HttpError(404, 'Not found');
    case 'ChannelNameTaken':
      return new HttpError(409, 'Name already exists');
    case 'PipelineExists':
      return new HttpError(409, 'Pipeline already exists for this provider + externalId');
    case 'LeadNotFound':
      return new HttpError(404, 'Lead not found');
    case 'NoCrmCredentials':
      return new HttpError(502, 'No credential set found for provider');
    case 'ProviderFetchFailed':
      return new HttpError(502, 'Provider fetch failed');
    case 'UnknownPipe':
      return new HttpError(400, 'Validation error', {
        details: { 'data.card.pipe.id': ['data.card.pipe.id is required for a card this organization has not seen'] },
      });
    default:
      return unmapped(error);
  }
}

/** A tag added to a hub use case without a mapping here fails to compile. */
function unmapped(error: never): never {
  throw new Error(`hub use-case error without an HTTP mapping: ${JSON.stringify(error)}`);
}
