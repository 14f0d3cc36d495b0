import type { ListSdrContactsError } from '../../../../application/sdr/list-sdr-contacts';
import type { ListSdrInteractionsError } from '../../../../application/sdr/list-sdr-interactions';
import type { ListSdrSessionsError } from '../../../../application/sdr/list-sdr-sessions';
import type { UpdateSdrStatusError } from '../../../../application/sdr/update-sdr-status';
import type { ErrorMapping } from '../../shared/errors/error-mapping';
import { HttpError } from '../../shared/errors/http-error';
import { invalidInput } from '../decode-input';

/** The errors of the SDR routes. */
export type SdrRouteError =
  UpdateSdrStatusError | ListSdrInteractionsError | ListSdrSessionsError | ListSdrContactsError;

/** Spec part 4, CONTRACT 3.4, 8.1 and 8.2. */
export const sdrErrors: ErrorMapping<SdrRouteError> = {
  InteractionNotFound: (error) =>
    new HttpError(404, `No SDR interaction found for ${error.identifier.type} ${error.identifier.value}`),
  InvalidDateRange: () => invalidInput(['dateFrom must not be after dateTo']),
};
