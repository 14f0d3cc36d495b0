import { ContainerModule } from 'inversify';
import {
  DeliveryAttemptLog,
  PersonRepository,
  SaleRepository,
  VendorRepository,
  type SaleWebhookSender,
} from '../application/sales/ports';
import { Clock, IdGenerator, PersonChanges } from '../application/shared/ports';
import { token, type Token } from '../application/shared/token';
import { CreateManualSale } from '../application/sales/create-manual-sale';
import { CreateVendor } from '../application/sales/create-vendor';
import { DispatchPendingSales } from '../application/sales/dispatch-pending-sales';
import { DEFAULT_DISPATCH_SETTINGS, type DispatchSettings } from '../application/sales/dispatch-settings';
import { GetSale } from '../application/sales/get-sale';
import { GetVendor } from '../application/sales/get-vendor';
import { ListSales } from '../application/sales/list-sales';
import { ListVendors } from '../application/sales/list-vendors';
import { ResendSale } from '../application/sales/resend-sale';
import { UpdateSaleStatus } from '../application/sales/update-sale-status';
import { UpdateVendor } from '../application/sales/update-vendor';
import { CountedDeliveryAttemptLog } from '../adapters/metrics/counted-delivery-attempt-log';
import { saleRoutes } from '../adapters/http/sales/sales/sale-routes';
import { vendorRoutes } from '../adapters/http/sales/sales/vendor-routes';
import { MongoDeliveryAttemptLog } from '../adapters/mongo/sales/mongo-delivery-attempt-log';
import { salesAreaIndexes } from '../adapters/mongo/sales/indexes';
import { MongoPeopleHolding, MongoSalesHolding } from '../adapters/mongo/sales/privacy/sales-holdings';
import type { DeclaredHolding } from '../application/shared/privacy/holding';
import { viewed } from '../application/shared/privacy/subject-values';
import { detailBody } from '../adapters/http/sales/sales/sale-views';
import type { SaleEntry } from '../domain/sales/sale';
import { MongoSaleLeaseStore } from '../adapters/mongo/sales/mongo-sale-lease-store';
import { MongoSaleStatusEventStore } from '../adapters/mongo/sales/mongo-sale-status-event-store';
import { SaleLeaseStore, SaleStatusEventStore } from '../application/sales/data-checks/ports';
import { saleLeaseDeadline } from '../application/sales/data-checks/sale-lease-deadline';
import { saleStatusEvents } from '../application/sales/data-checks/sale-status-events';
import type { DeclaredDataCheck } from '../application/shared/data-checks/data-check';
import { derivedFieldCheck } from '../application/shared/data-checks/derived-field-check';
import { MongoDerivedFieldStore } from '../adapters/mongo/shared/derived-fields';
import { PEOPLE, personEmailKeys } from '../adapters/mongo/sales/people-collection';
import { MongoPersonRepository } from '../adapters/mongo/sales/mongo-person-repository';
import { MongoSaleRepository } from '../adapters/mongo/sales/mongo-sale-repository';
import { MongoVendorRepository } from '../adapters/mongo/sales/mongo-vendor-repository';
import { HttpSaleWebhookSender } from '../adapters/webhook/http-sale-webhook-sender';
import { provide, type Resolve } from './container';
import { Platform } from './platform';
import { SalesGuards } from './sales-identity';

export interface SalesOptions {
  readonly dispatchSettings?: Partial<DispatchSettings>;
  /** The outbound delivery timeout (tests use a short one). */
  readonly webhookTimeoutMs?: number;
}

/**
 * The configured destination; none without SALES_WEBHOOK_URL (dispatch and resend then answer that nothing is
 * configured).
 */
const SaleWebhookDestination: Token<SaleWebhookSender | undefined> = token('SaleWebhookDestination');

/** Sales, vendors and outbound sale webhooks (spec sales parts 2, 3, 6; CONTRACT 3.3, 4). */
export function salesModule(options: SalesOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    provide(bind, SaleRepository, (get) => new MongoSaleRepository(get(Platform).db));
    provide(bind, PersonRepository, (get) => new MongoPersonRepository(get(Platform).db));
    provide(bind, VendorRepository, (get) => new MongoVendorRepository(get(Platform).db));
    provide(bind, DeliveryAttemptLog, (get) => new MongoDeliveryAttemptLog(get(Platform).db));
    provide(bind, SaleLeaseStore, (get) => new MongoSaleLeaseStore(get(Platform).db));
    provide(bind, SaleStatusEventStore, (get) => new MongoSaleStatusEventStore(get(Platform).db));
    provide(bind, SaleWebhookDestination, (get) => saleWebhookSender(get(Platform), get(Clock), options));
    provide(bind, SalesUseCases, (get) => salesUseCases(get, options));
    provide(bind, SalesArea, salesArea);
  });
}

function saleWebhookSender(
  { config, closables }: Platform,
  clock: Clock,
  options: SalesOptions,
): SaleWebhookSender | undefined {
  if (config.salesWebhookUrl === undefined) return undefined;
  const sender = new HttpSaleWebhookSender(config.salesWebhookUrl, clock, {
    signingSecret: config.salesWebhookSecret,
    ...(options.webhookTimeoutMs === undefined ? {} : { timeoutMs: options.webhookTimeoutMs }),
  });
  closables.push(sender);
  return sender;
}

function salesUseCases(get: Resolve, options: SalesOptions) {
  const clock = get(Clock);
  const ids = get(IdGenerator);
  const settings: DispatchSettings = { ...DEFAULT_DISPATCH_SETTINGS, ...options.dispatchSettings };
  const sender = get(SaleWebhookDestination);
  const sales = get(SaleRepository);
  const people = get(PersonRepository);
  const vendors = get(VendorRepository);
  // Every delivery is recorded there, so it is also where deliveries are counted (CONTRACT 9.2).
  const attempts = new CountedDeliveryAttemptLog(get(DeliveryAttemptLog), get(Platform).metrics.sales);
  return {
    dispatchPendingSales: new DispatchPendingSales(sales, sender, attempts, clock, ids, settings),
    resendSale: new ResendSale(sales, sender, attempts, clock, ids, settings),
    createManualSale: new CreateManualSale(sales, people, vendors, clock, ids, get(PersonChanges)),
    updateSaleStatus: new UpdateSaleStatus(sales, clock, get(PersonChanges)),
    getSale: new GetSale(sales),
    listSales: new ListSales(sales),
    createVendor: new CreateVendor(vendors, clock, ids),
    updateVendor: new UpdateVendor(vendors, clock),
    getVendor: new GetVendor(vendors),
    listVendors: new ListVendors(vendors),
  };
}
export type SalesUseCases = ReturnType<typeof salesUseCases>;
export const SalesUseCases: Token<SalesUseCases> = token('SalesUseCases');

function salesArea(get: Resolve) {
  const useCases = get(SalesUseCases);
  const guards = get(SalesGuards);
  const {
    createManualSale,
    getSale,
    listSales,
    updateSaleStatus,
    resendSale,
    createVendor,
    updateVendor,
    getVendor,
    listVendors,
  } = useCases;
  const routers = [
    saleRoutes({ guards, clock: get(Clock), createManualSale, getSale, listSales, updateSaleStatus, resendSale }),
    vendorRoutes({ guards, createVendor, updateVendor, getVendor, listVendors }),
  ];
  const indexes = salesAreaIndexes;
  return {
    service: 'sales' as const,
    useCases,
    routers,
    indexes,
    dataChecks: dataChecks(get),
    holdings: holdings(get),
  };
}

/** The persons (they link a subject's CPF, phones and e-mails) and their sales (CONTRACT 12.1). */
function holdings(get: Resolve): DeclaredHolding[] {
  const people = new MongoPeopleHolding(get(Platform).db);
  return [
    { store: 'people', position: 10, reader: people, linker: people },
    // In the shape of GET /api/sales/{id} (with the person, vendor, delivery state and last event).
    {
      store: 'sales',
      position: 20,
      reader: viewed(new MongoSalesHolding(get(Platform).db), (entry: SaleEntry) =>
        detailBody(entry, get(Clock).now()),
      ),
    },
  ];
}

/** The dispatch leases, the status-event log (CONTRACT 3.3, 10.2) and the persons' e-mail keys (12.1). */
function dataChecks(get: Resolve): DeclaredDataCheck[] {
  const emailKeys = new MongoDerivedFieldStore(get(Platform).db, PEOPLE, personEmailKeys);
  return [
    { position: 90, check: saleLeaseDeadline(get(SaleLeaseStore)) },
    { position: 100, check: saleStatusEvents(get(SaleStatusEventStore)) },
    {
      position: 105,
      check: derivedFieldCheck(
        'person-email-keys',
        "each person's e-mail keys are its e-mails in lower case (a data subject named by an e-mail finds it)",
        emailKeys,
      ),
    },
  ];
}
export type SalesArea = ReturnType<typeof salesArea>;
export const SalesArea: Token<SalesArea> = token('SalesArea');
