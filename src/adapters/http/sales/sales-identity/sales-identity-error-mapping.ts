import type { CreateApiKeyError } from '../../../../application/sales-identity/create-api-key';
import type { GetApiEventError } from '../../../../application/sales-identity/get-api-event';
import type { LoginSalesUserError } from '../../../../application/sales-identity/login-sales-user';
import type { RefreshSalesSessionError } from '../../../../application/sales-identity/refresh-sales-session';
import type { ResetSalesPasswordError } from '../../../../application/sales-identity/reset-sales-password';
import type { RevokeApiKeyError } from '../../../../application/sales-identity/revoke-api-key';
import type { ErrorMapping } from '../../shared/errors/error-mapping';
import { HttpError } from '../../shared/errors/http-error';
import { invalidInput } from '../decode-input';

/** The sales-identity errors a sales route can answer (the guards answer for themselves, spec part 5). */
export type SalesIdentityRouteError =
  | LoginSalesUserError
  | RefreshSalesSessionError
  | ResetSalesPasswordError
  | CreateApiKeyError
  | RevokeApiKeyError
  | GetApiEventError;

/** CONTRACT 3.1 and 7: messages written for end users keep their text in production. */
const endUser = (status: number, message: string) => new HttpError(status, message, { keepMessageInProduction: true });

/** Spec parts 5 and 7, CONTRACT 3.1 and 8.7. */
export const salesIdentityErrors: ErrorMapping<SalesIdentityRouteError> = {
  InvalidCredentials: () => endUser(401, 'Invalid credentials'),
  RefreshTokenInvalid: () => new HttpError(401, 'Invalid or expired refresh token'),
  WeakPassword: (error) => invalidInput([`newPassword: ${error.problem}`]),
  ResetTokenInvalid: () => endUser(401, 'Token inválido ou expirado'),
  ResetTokenUsed: () => endUser(401, 'Este link já foi utilizado'),
  Forbidden: () => new HttpError(403, 'Forbidden - Insufficient permissions'),
  UserNotFound: () => new HttpError(404, 'User not found'),
  ApiKeyNotFound: () => new HttpError(404, 'API key not found'),
  ApiEventNotFound: () => new HttpError(404, 'Audit log entry not found'),
};
