import type { CreateHubUserError } from '../../../../application/hub-identity/create-hub-user';
import type { CreateOrganizationError } from '../../../../application/hub-identity/create-organization';
import type { GetHubMeError } from '../../../../application/hub-identity/get-hub-me';
import type { LoginHubUserError } from '../../../../application/hub-identity/login-hub-user';
import type { RegisterHubUserError } from '../../../../application/hub-identity/register-hub-user';
import type { ResetHubPasswordError } from '../../../../application/hub-identity/reset-hub-password';
import type { RotateRefreshTokenError } from '../../../../application/hub-identity/rotate-refresh-token';
import type { ErrorMapping } from '../../shared/errors/error-mapping';
import { HttpError } from '../../shared/errors/http-error';

/**
 * The hub-identity errors (organizations are this context's, so `OrganizationNotFound` is answered here for every hub
 * route).
 */
export type HubIdentityError =
  | LoginHubUserError
  | RotateRefreshTokenError
  | GetHubMeError
  | RegisterHubUserError
  | ResetHubPasswordError
  | CreateHubUserError
  | CreateOrganizationError
  | { readonly _tag: 'OrganizationNotFound' };

// Spec part 7: one message for invalid, expired and reused, so a thief learns nothing.
const deadRefreshToken = () => new HttpError(401, 'Invalid or reused refresh token');

/** Hub spec parts 4 and 7, CONTRACT 5.2 and 7. */
export const hubIdentityErrors: ErrorMapping<HubIdentityError> = {
  InvalidCredentials: () => new HttpError(401, 'Invalid credentials'),
  NoMembership: () => new HttpError(403, 'User has no organization membership'),
  UnknownRefreshToken: deadRefreshToken,
  RefreshTokenReused: deadRefreshToken,
  RefreshTokenInGrace: deadRefreshToken,
  RefreshTokenExpired: deadRefreshToken,
  // The token verified but its user or organization is gone: the token no longer stands for anyone.
  AccountGone: () => new HttpError(401, 'Invalid or expired token'),
  EmailTaken: () => new HttpError(409, 'Email already registered'),
  SlugTaken: () => new HttpError(409, 'Slug already taken'),
  InvalidResetToken: () => new HttpError(401, 'Invalid or expired reset token'),
  ResetTokenUsed: () => new HttpError(401, 'Reset link already used'),
  OrganizationNotFound: () => new HttpError(404, 'Not found'),
};
