import * as t from 'io-ts';
import { SALE_EVENTS } from '../../../domain/sales/sale';
import { NonBlankString } from './decode-input';

/** An ISO 8601 timestamp string, decoded to a Date. */
export const IsoDateTime = new t.Type<Date, string, unknown>(
  'an ISO 8601 timestamp',
  (u): u is Date => u instanceof Date,
  (u, c) => {
    if (typeof u !== 'string' || !/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(u)) return t.failure(u, c, 'must be an ISO 8601 date');
    const date = new Date(u);
    return Number.isNaN(date.getTime()) ? t.failure(u, c, 'must be an ISO 8601 date') : t.success(date);
  },
  (d) => d.toISOString(),
);

/** `YYYY-MM-DD`, a real calendar date. */
export const DateOnly = new t.Type<string, string, unknown>(
  'a date (YYYY-MM-DD)',
  (u): u is string => typeof u === 'string',
  (u, c) => {
    if (typeof u !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(u)) return t.failure(u, c, 'must be a date (YYYY-MM-DD)');
    const date = new Date(`${u}T00:00:00.000Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(u) ? t.success(u) : t.failure(u, c, 'must be a date (YYYY-MM-DD)');
  },
  t.identity,
);

const Text = t.string;
const OptionalText = t.union([t.string, t.null]);
const Year = t.union([t.Int, t.null]);

const Pessoa = t.exact(
  t.intersection([
    t.type({ fullName: NonBlankString, cpf: Text }),
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
    t.type({ sellerId: NonBlankString, sellerName: NonBlankString }),
    t.partial({ financingApprovalDate: t.union([IsoDateTime, t.null]) }),
  ]),
);

const Endereco = t.exact(
  t.type({ street: Text, number: Text, city: Text, state: Text, neighborhood: Text, complement: Text, zipCode: Text }),
);

const Veiculo = t.exact(
  t.intersection([
    t.type({ manufacturer: Text, brand: Text, model: Text, color: Text, fipeCode: Text, renavan: Text, chassi: Text, fuelType: Text }),
    t.partial({ manufactureYear: Year, modelYear: Year }),
  ]),
);

/** CONTRACT 3.3 manual sale body. */
export const ManualSaleBody = t.exact(
  t.intersection([
    t.type({ venda: Venda, pessoa: Pessoa }),
    t.partial({ endereco: t.union([Endereco, t.null]), veiculo: t.union([Veiculo, t.null]), vendorId: t.union([t.string, t.null]) }),
  ]),
);

const SaleEvent = t.keyof(Object.fromEntries(SALE_EVENTS.map((e) => [e, null])) as Record<(typeof SALE_EVENTS)[number], null>, 'one of webhook_received, template_sent, contact_failed, lead_forwarded');

/** Spec part 4: PATCH /api/sales/{id}/status. */
export const SaleStatusBody = t.exact(
  t.intersection([
    t.type({ event: SaleEvent }),
    t.partial({ no_contact_reason: Text, sent_to: Text, sent_to_number: Text, dealership: Text }),
  ]),
);

const VendorFields = {
  name: NonBlankString,
  store: Text,
  phone: Text,
  isActive: t.boolean,
  webhookEnabled: t.boolean,
};

/** PUT /vendors/{id}: replaces the vendor data; vendorId kept unless given (CONTRACT 3.3). */
export const VendorUpdateBody = t.exact(t.intersection([t.type(VendorFields), t.partial({ vendorId: NonBlankString })]));
export const VendorCreateBody = t.exact(t.type({ ...VendorFields, vendorId: NonBlankString }));

const PositiveIntFromString = (name: string, min: number, max: number, fallback: number) =>
  new t.Type<number, string, unknown>(
    name,
    (u): u is number => typeof u === 'number',
    (u, c) => {
      if (u === undefined) return t.success(fallback);
      const n = typeof u === 'string' && /^\d+$/.test(u) ? Number(u) : NaN;
      return n >= min && n <= max ? t.success(n) : t.failure(u, c, `must be an integer from ${min} to ${max}`);
    },
    String,
  );

export const PageQuery = t.type({
  page: PositiveIntFromString('page', 1, 1_000_000, 1),
  limit: PositiveIntFromString('limit', 1, 100, 20),
});

const BooleanString = t.keyof({ true: null, false: null }, 'true or false');

export const SaleListQuery = t.intersection([
  PageQuery,
  t.partial({ processed: BooleanString, dateFrom: IsoDateTime, dateTo: IsoDateTime }),
]);
