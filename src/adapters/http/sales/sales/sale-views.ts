import * as t from 'io-ts';
import { nullable, oneOf } from '../../shared/decoding/codecs';
import { toEnvelopeEntry } from '../../../../domain/sales/envelope';
import { SALE_EVENTS, type SaleEntry, type Vendor } from '../../../../domain/sales/sale';
import { Integer, IsoTimestamp } from '../../shared/openapi/json-schema';

const NullableText = nullable(t.string);

/** The webhook-entry shape (spec part 2, CONTRACT 3.3) the sale routes answer with. */
export const SaleEntryView = t.type({
  venda: t.type({
    id: t.string,
    sellerId: t.string,
    sellerName: t.string,
    financingApprovalDate: nullable(IsoTimestamp),
    createdAt: IsoTimestamp,
    updatedAt: IsoTimestamp,
  }),
  pessoa: t.type({
    id: t.string,
    fullName: t.string,
    cpf: NullableText,
    rg: NullableText,
    cnh: NullableText,
    birthDate: NullableText,
    gender: NullableText,
    maritalStatus: NullableText,
    personalEmail: NullableText,
    commercialEmail: NullableText,
    residentialPhone: NullableText,
    commercialPhone: NullableText,
    mobile: NullableText,
    optionalPhone: NullableText,
    createdAt: IsoTimestamp,
    updatedAt: IsoTimestamp,
  }),
  endereco: nullable(
    t.type({
      street: t.string,
      number: t.string,
      city: t.string,
      state: t.string,
      neighborhood: t.string,
      complement: t.string,
      zipCode: t.string,
    }),
  ),
  veiculo: nullable(
    t.type({
      id: t.string,
      manufacturer: t.string,
      brand: t.string,
      model: t.string,
      color: t.string,
      manufactureYear: nullable(Integer),
      modelYear: nullable(Integer),
      fipeCode: t.string,
      renavan: t.string,
      chassi: t.string,
      fuelType: t.string,
    }),
  ),
  vendedor: nullable(
    t.type({ id: t.string, vendorId: t.string, name: t.string, isActive: t.boolean, webhookEnabled: t.boolean }),
  ),
});

const SaleEventName = oneOf(SALE_EVENTS);

/** What operators see: the entry plus its delivery state and last status event. */
export const SaleDetailView = t.intersection([
  SaleEntryView,
  t.type({
    delivery: t.type({
      webhookProcessed: t.boolean,
      forceReprocess: t.boolean,
      attempts: Integer,
      lastAttemptAt: nullable(IsoTimestamp),
      lastOutcome: NullableText,
      leasedUntil: nullable(IsoTimestamp),
    }),
    lastEvent: nullable(
      t.intersection([
        t.type({ event: SaleEventName, at: IsoTimestamp }),
        t.partial({ noContactReason: t.string, sentTo: t.string, sentToNumber: t.string, dealership: t.string }),
      ]),
    ),
  }),
]);

export const VendorView = t.type({
  id: t.string,
  vendorId: t.string,
  name: t.string,
  store: t.string,
  phone: t.string,
  isActive: t.boolean,
  webhookEnabled: t.boolean,
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
});

/** The webhook-entry shape (spec part 2, CONTRACT 3.3) without the entry timestamp. */
export function entryBody(entry: SaleEntry, now: Date): t.TypeOf<typeof SaleEntryView> {
  const { timestamp, ...rest } = toEnvelopeEntry(entry, now);
  void timestamp;
  return rest;
}

/** What operators see: the entry plus its delivery state and last status event. */
export function detailBody(entry: SaleEntry, now: Date): t.TypeOf<typeof SaleDetailView> {
  const { delivery, lastEvent } = entry.sale;
  return {
    ...entryBody(entry, now),
    delivery: {
      webhookProcessed: delivery.webhookProcessed,
      forceReprocess: delivery.forceReprocess,
      attempts: delivery.attempts,
      lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
      lastOutcome: delivery.lastOutcome,
      leasedUntil: delivery.leaseUntil !== null && delivery.leaseUntil > now ? delivery.leaseUntil.toISOString() : null,
    },
    lastEvent: lastEvent === null ? null : { ...lastEvent, at: lastEvent.at.toISOString() },
  };
}

/** Spec part 2 vendor fields. */
export function vendorBody(vendor: Vendor): t.TypeOf<typeof VendorView> {
  return { ...vendor, createdAt: vendor.createdAt.toISOString(), updatedAt: vendor.updatedAt.toISOString() };
}
