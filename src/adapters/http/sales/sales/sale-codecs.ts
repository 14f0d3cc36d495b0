import * as t from 'io-ts';
import type { ManualSaleInput } from '../../../../application/sales/create-manual-sale';
import type { SaleListFilter } from '../../../../application/sales/ports';
import type { UpdateSaleStatusInput } from '../../../../application/sales/update-sale-status';
import { SALE_EVENTS } from '../../../../domain/sales/sale';
import {
  DateOnly,
  isoDateOrTimestamp,
  NonBlankText,
  NotesText,
  nullable,
  oneOf,
  ShortText,
  parsedString,
} from '../../shared/decoding/codecs';
import { withSchema } from '../../shared/openapi/json-schema';
import type { Clock } from '../../../../application/shared/ports';
import { isUuid, WIRE_PATTERNS } from '../../../../domain/shared/parsers';
import { PageQuery } from '../../shared/decoding/page-query';

const IsoDateTime = isoDateOrTimestamp('An ISO 8601 date or timestamp');

const Text = ShortText;
const OptionalText = nullable(ShortText);
/** The first year a vehicle may be from (CONTRACT 11.4). */
export const FIRST_VEHICLE_YEAR = 1900;

/**
 * A vehicle's manufacture or model year: an integer from 1900 to the current year + 2 (CONTRACT
 * 11.4), "now" read from the injected clock at each decode. The document states the maximum of the
 * year it was built in (at start), with the rule in words for a process that runs past a new year.
 */
function vehicleYear(clock: Clock): t.Type<number, number> {
  const latest = (): number => clock.now().getUTCFullYear() + 2;
  return withSchema(
    new t.Type<number, number>(
      'a year',
      (u): u is number => Number.isInteger(u),
      (u, c) => {
        const max = latest();
        if (typeof u === 'number' && Number.isInteger(u) && u >= FIRST_VEHICLE_YEAR && u <= max) return t.success(u);
        return t.failure(u, c, `must be an integer from ${FIRST_VEHICLE_YEAR} to ${max} (the current year + 2)`);
      },
      t.identity,
    ),
    {
      type: 'integer',
      format: 'int32',
      minimum: FIRST_VEHICLE_YEAR,
      maximum: latest(),
      description: `A year from ${FIRST_VEHICLE_YEAR} to the current year + 2`,
    },
  );
}

const Pessoa = t.exact(
  t.intersection([
    t.type({ fullName: NonBlankText, cpf: Text }),
    t.partial({
      rg: OptionalText,
      cnh: OptionalText,
      birthDate: t.union([DateOnly, t.null]),
      gender: OptionalText,
      maritalStatus: OptionalText,
      personalEmail: OptionalText,
      commercialEmail: OptionalText,
      residentialPhone: OptionalText,
      commercialPhone: OptionalText,
      mobile: OptionalText,
      optionalPhone: OptionalText,
    }),
  ]),
);

const Venda = t.exact(
  t.intersection([
    t.type({ sellerId: NonBlankText, sellerName: NonBlankText }),
    t.partial({ financingApprovalDate: t.union([IsoDateTime, t.null]) }),
  ]),
);

const Endereco = t.exact(
  t.type({ street: Text, number: Text, city: Text, state: Text, neighborhood: Text, complement: Text, zipCode: Text }),
);

const veiculo = (clock: Clock) => {
  const Year = t.union([vehicleYear(clock), t.null]);
  return t.exact(
    t.intersection([
      t.type({
        manufacturer: Text,
        brand: Text,
        model: Text,
        color: Text,
        fipeCode: Text,
        renavan: Text,
        chassi: Text,
        fuelType: Text,
      }),
      t.partial({ manufactureYear: Year, modelYear: Year }),
    ]),
  );
};

/** `vendorId`: the vendor's `id`, not its `vendorId` business code (CONTRACT 3.3, 11.4). */
const SaleVendorId = nullable(
  parsedString(
    'a UUID',
    (raw) => (isUuid(raw) ? raw : undefined),
    "must be the vendor's id (a UUID), not its vendorId code",
    t.identity,
    {
      type: 'string',
      format: 'uuid',
      pattern: WIRE_PATTERNS.uuid,
      description: "The vendor's `id` (a UUID, as `GET /vendors` answers it), not its `vendorId` code",
    },
  ),
);

/** CONTRACT 3.3 manual sale body; the vehicle years are judged against the clock's year. */
export const manualSaleBody = (clock: Clock) =>
  t.exact(
    t.intersection([
      t.type({ venda: Venda, pessoa: Pessoa }),
      t.partial({
        endereco: t.union([Endereco, t.null]),
        veiculo: t.union([veiculo(clock), t.null]),
        vendorId: SaleVendorId,
      }),
    ]),
  );
export type ManualSaleBody = t.TypeOf<ReturnType<typeof manualSaleBody>>;

const SaleEvent = oneOf(SALE_EVENTS);

/** Spec part 4: PATCH /api/sales/{id}/status. */
export const SaleStatusBody = t.exact(
  t.intersection([
    t.type({ event: SaleEvent }),
    t.partial({ no_contact_reason: NotesText, sent_to: Text, sent_to_number: Text, dealership: Text }),
  ]),
);
export type SaleStatusBody = t.TypeOf<typeof SaleStatusBody>;

const BooleanString = t.keyof({ true: null, false: null }, 'true or false');

export const SaleListQuery = t.intersection([
  PageQuery,
  t.partial({ processed: BooleanString, dateFrom: IsoDateTime, dateTo: IsoDateTime }),
]);
export type SaleListQuery = t.TypeOf<typeof SaleListQuery>;

/** The wire's Portuguese sections (CONTRACT 3.3) under the domain's names. */
export function toManualSaleInput(body: ManualSaleBody): ManualSaleInput {
  return {
    sale: body.venda,
    person: body.pessoa,
    ...(body.endereco === undefined ? {} : { address: body.endereco }),
    ...(body.veiculo === undefined ? {} : { vehicle: body.veiculo }),
    ...(body.vendorId === undefined ? {} : { vendorId: body.vendorId }),
  };
}

/** Spec part 4 snake_case event fields under the domain's names. */
export function toSaleStatusInput(saleId: string, body: SaleStatusBody): UpdateSaleStatusInput {
  return {
    saleId,
    event: body.event,
    ...(body.no_contact_reason === undefined ? {} : { noContactReason: body.no_contact_reason }),
    ...(body.sent_to === undefined ? {} : { sentTo: body.sent_to }),
    ...(body.sent_to_number === undefined ? {} : { sentToNumber: body.sent_to_number }),
    ...(body.dealership === undefined ? {} : { dealership: body.dealership }),
  };
}

/** `processed=true|false` and the creation dates, as the repository filters them. */
export function toSaleListFilter(query: SaleListQuery): SaleListFilter {
  return {
    ...(query.processed === undefined ? {} : { processed: query.processed === 'true' }),
    ...(query.dateFrom === undefined ? {} : { dateFrom: query.dateFrom }),
    ...(query.dateTo === undefined ? {} : { dateTo: query.dateTo }),
  };
}
