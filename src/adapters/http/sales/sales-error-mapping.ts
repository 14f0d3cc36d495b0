import * as E from 'fp-ts/Either';
import type { CreateApiKeyError } from '../../../application/sales-identity/create-api-key';
import type { GetApiEventError } from '../../../application/sales-identity/get-api-event';
import type { LoginSalesUserError } from '../../../application/sales-identity/login-sales-user';
import type { RefreshSalesSessionError } from '../../../application/sales-identity/refresh-sales-session';
import type { ResetSalesPasswordError } from '../../../application/sales-identity/reset-sales-password';
import type { RevokeApiKeyError } from '../../../application/sales-identity/revoke-api-key';
import type { CreateManualSaleError } from '../../../application/sales/create-manual-sale';
import type { ResendError } from '../../../application/sales/resend-sale';
import type { SaleNotFound } from '../../../application/sales/sale-not-found';
import type { UpdateSaleStatusError } from '../../../application/sales/update-sale-status';
import type { VendorNotFound } from '../../../application/sales/vendor-data';
import type { ListSdrContactsError } from '../../../application/sdr/list-sdr-contacts';
import type { ListSdrInteractionsError } from '../../../application/sdr/list-sdr-interactions';
import type { ListSdrSessionsError } from '../../../application/sdr/list-sdr-sessions';
import type { UpdateSdrStatusError } from '../../../application/sdr/update-sdr-status';
import type { ChangePolicyStatusError } from '../../../application/policies/change-policy-status';
import type { PolicyNotFound, PolicyNumberTaken } from '../../../application/policies/errors';
import type { SavedFilterNameTaken, SavedFilterNotFound } from '../../../application/saved-filters/errors';
import type { AiNotConfigured, AiUnavailable, ChatSessionNotFound } from '../../../application/assistant/errors';
import { HttpError } from '../shared/http-error';
import { invalidInput } from './decode-input';

/**
 * Every expected failure a use case called by a sales route can answer. The guards are not here: the
 * same failed credential is a fall-through or a 401 with the guard's own message (spec part 5); the
 * CLI-only use cases (user creation, the dispatch pass) are mapped by their commands.
 */
export type SalesRouteError =
  | LoginSalesUserError
  | RefreshSalesSessionError
  | ResetSalesPasswordError
  | CreateApiKeyError
  | RevokeApiKeyError
  | GetApiEventError
  | CreateManualSaleError
  | SaleNotFound
  | UpdateSaleStatusError
  | ResendError
  | VendorNotFound
  | UpdateSdrStatusError
  | ListSdrInteractionsError
  | ListSdrSessionsError
  | ListSdrContactsError
  | SavedFilterNotFound
  | SavedFilterNameTaken
  | PolicyNotFound
  | PolicyNumberTaken
  | ChangePolicyStatusError
  | ChatSessionNotFound
  | AiNotConfigured
  | AiUnavailable;

const FORBIDDEN = 'Forbidden - Insufficient permissions';
const invalid = (message: string) => invalidInput([message]);
/** CONTRACT 3.1 and 7: messages written for end users keep their text in production. */
const endUser = (status: number, message: string) => new HttpError(status, message, { keepMessageInProduction: true });

/** The one error-to-HTTP mapping of the sales service (spec part 7, CONTRACT 3.1 to 3.4, 8.4 to 8.6). */
export function salesHttpError(error: SalesRouteError): HttpError {
  switch (error._tag) {
    case 'InvalidCredentials':
      return endUser(401, 'Invalid credentials');
    case 'RefreshTokenInvalid':
      return new HttpError(401, 'Invalid or expired refresh token');
    case 'WeakPassword':
      return invalid(`newPassword: ${error.problem}`);
    case 'ResetTokenInvalid':
      return endUser(401, 'Token inválido ou expirado');
    case 'ResetTokenUsed':
      return endUser(401, 'Este link já foi utilizado');
    case 'Forbidden':
      return new HttpError(403, FORBIDDEN);
    case 'UserNotFound':
      return new HttpError(404, 'User not found');
    case 'ApiKeyNotFound':
      return new HttpError(404, 'API key not found');
    case 'ApiEventNotFound':
      return new HttpError(404, 'Audit log entry not found');
    case 'InvalidCpf':
      return invalid('pessoa.cpf must be a valid CPF');
    case 'InvalidPhone':
      return invalid(`pessoa.${error.field} must be a valid Brazilian phone number`);
    case 'UnknownVendor':
      return invalid(`vendorId ${error.vendorId} does not exist`);
    case 'SaleNotFound':
      return new HttpError(404, `Sale ${error.saleId} not found`);
    case 'WebhookNotConfigured':
      return new HttpError(503, 'Sale webhook destination is not configured (SALES_WEBHOOK_URL)');
    case 'SaleBusy':
      return new HttpError(409, 'Sale is being delivered by a dispatch run; it is forced and will be sent');
    case 'VendorNotFound':
      return new HttpError(404, `Vendor ${error.id} not found`);
    case 'InteractionNotFound':
      return new HttpError(404, `No SDR interaction found for ${error.identifier.type} ${error.identifier.value}`);
    case 'InvalidDateRange':
      return invalid('dateFrom must not be after dateTo');
    case 'SavedFilterNotFound':
      return new HttpError(404, 'Saved filter not found');
    case 'SavedFilterNameTaken':
      return new HttpError(409, `A saved filter named "${error.name}" already exists for ${error.resource}`);
    case 'PolicyNotFound':
      return new HttpError(404, 'Policy not found');
    case 'PolicyNumberTaken':
      return new HttpError(409, `Policy number ${error.policyNumber} already exists`);
    case 'InvalidPolicyStatusTransition':
      return new HttpError(409, `Invalid policy status transition from ${error.from} to ${error.to}`);
    case 'ChatSessionNotFound':
      return new HttpError(404, 'Chat session not found');
    case 'AiNotConfigured':
      return new HttpError(503, 'AI service not configured');
    case 'AiUnavailable':
      return new HttpError(502, 'AI service unavailable');
    default:
      return unmapped(error);
  }
}

/** The use case's answer, or its expected failure thrown as the HttpError the error middleware renders. */
export function orHttpError<A>(result: E.Either<SalesRouteError, A>): A {
  if (E.isLeft(result)) throw salesHttpError(result.left);
  return result.right;
}

/** A new error tag without a case above fails to compile here. */
function unmapped(error: never): never {
  throw new Error(`unmapped sales use-case error ${JSON.stringify(error)}`);
}
