import { httpErrorOf, type ErrorMapping } from '../shared/errors/error-mapping';
import type { HttpError } from '../shared/errors/http-error';
import { hubIdentityErrors, type HubIdentityError } from './hub-identity/hub-identity-error-mapping';
import { hubLeadsErrors, type HubLeadsError } from './hub-leads/hub-leads-error-mapping';

/** Every expected failure of a hub use case (hub identity and hub leads). */
export type HubUseCaseError = HubIdentityError | HubLeadsError;

/** Each context's piece; a tag no piece answers fails to compile here. */
const HUB_ERRORS: ErrorMapping<HubUseCaseError> = { ...hubIdentityErrors, ...hubLeadsErrors };

/** Hub spec part 7 body `{error, details?}`; the messages are those of spec parts 4 and 7 and CONTRACT 5.2/7. */
export function hubHttpError(error: HubUseCaseError): HttpError {
  return httpErrorOf(HUB_ERRORS, error);
}
