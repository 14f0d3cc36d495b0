import type { SavedFilterNameTaken, SavedFilterNotFound } from '../../../../application/saved-filters/errors';
import type { ErrorMapping } from '../../shared/errors/error-mapping';
import { HttpError } from '../../shared/errors/http-error';

/** The errors of the saved-filter routes. */
export type SavedFilterRouteError = SavedFilterNotFound | SavedFilterNameTaken;

/** CONTRACT 8.5. */
export const savedFilterErrors: ErrorMapping<SavedFilterRouteError> = {
  SavedFilterNotFound: () => new HttpError(404, 'Saved filter not found'),
  // CONTRACT 12.1: a filter's name is free text (it may name a customer): the logs keep the message without it.
  SavedFilterNameTaken: (error) =>
    new HttpError(409, `A saved filter named "${error.name}" already exists for ${error.resource}`, {
      logMessage: `A saved filter of that name already exists for ${error.resource}`,
    }),
};
