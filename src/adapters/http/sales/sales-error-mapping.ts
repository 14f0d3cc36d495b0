import * as E from 'fp-ts/Either';
import { httpErrorOf, type ErrorMapping } from '../shared/errors/error-mapping';
import type { HttpError } from '../shared/errors/http-error';
import { assistantErrors, type AssistantRouteError } from './assistant/assistant-error-mapping';
import { policyErrors, type PolicyRouteError } from './policies/policy-error-mapping';
import { saleErrors, type SaleRouteError } from './sales/sale-error-mapping';
import { salesIdentityErrors, type SalesIdentityRouteError } from './sales-identity/sales-identity-error-mapping';
import { savedFilterErrors, type SavedFilterRouteError } from './saved-filters/saved-filter-error-mapping';
import { sdrErrors, type SdrRouteError } from './sdr/sdr-error-mapping';

/**
 * Every expected failure a use case called by a sales route can answer: the union of the contexts'
 * pieces. The guards are not here: the same failed credential is a fall-through or a 401 with the
 * guard's own message (spec part 5); the CLI-only use cases (user creation, the dispatch pass) are
 * mapped by their commands.
 */
export type SalesRouteError =
  | SalesIdentityRouteError
  | SaleRouteError
  | SdrRouteError
  | SavedFilterRouteError
  | PolicyRouteError
  | AssistantRouteError;

/**
 * The one error-to-HTTP mapping of the sales service (spec part 7, CONTRACT 3.1 to 3.4, 8.4 to 8.6),
 * composed of each context's piece; a tag no piece answers fails to compile here.
 */
const SALES_ERRORS: ErrorMapping<SalesRouteError> = {
  ...salesIdentityErrors,
  ...saleErrors,
  ...sdrErrors,
  ...savedFilterErrors,
  ...policyErrors,
  ...assistantErrors,
};

export function salesHttpError(error: SalesRouteError): HttpError {
  return httpErrorOf(SALES_ERRORS, error);
}

/** The use case's answer, or its expected failure thrown as the HttpError the error middleware renders. */
export function orHttpError<A>(result: E.Either<SalesRouteError, A>): A {
  if (E.isLeft(result)) throw salesHttpError(result.left);
  return result.right;
}
