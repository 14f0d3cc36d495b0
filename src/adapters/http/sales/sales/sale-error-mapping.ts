import type { CreateManualSaleError } from '../../../../application/sales/create-manual-sale';
import type { ResendError } from '../../../../application/sales/resend-sale';
import type { SaleNotFound } from '../../../../application/sales/sale-not-found';
import type { UpdateSaleStatusError } from '../../../../application/sales/update-sale-status';
import type { VendorNotFound } from '../../../../application/sales/vendor-data';
import type { ErrorMapping } from '../../shared/errors/error-mapping';
import { HttpError } from '../../shared/errors/http-error';
import { invalidInput } from '../decode-input';

/** The errors of the sale and vendor routes. */
export type SaleRouteError =
  CreateManualSaleError | SaleNotFound | UpdateSaleStatusError | ResendError | VendorNotFound;

/** Spec parts 4 and 7, CONTRACT 3.3. */
export const saleErrors: ErrorMapping<SaleRouteError> = {
  InvalidCpf: () => invalidInput(['pessoa.cpf must be a valid CPF']),
  InvalidPhone: (error) => invalidInput([`pessoa.${error.field} must be a valid Brazilian phone number`]),
  UnknownVendor: (error) =>
    invalidInput([`vendorId ${error.vendorId} does not exist: it must be the id of a vendor, not its vendorId code`]),
  SaleNotFound: (error) => new HttpError(404, `Sale ${error.saleId} not found`),
  WebhookNotConfigured: () => new HttpError(503, 'Sale webhook destination is not configured (SALES_WEBHOOK_URL)'),
  SaleBusy: () => new HttpError(409, 'Sale is being delivered by a dispatch run; it is forced and will be sent'),
  VendorNotFound: (error) => new HttpError(404, `Vendor ${error.id} not found`),
};
