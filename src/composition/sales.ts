import type { Container } from 'inversify';
import { DeliveryAttemptLog, PersonRepository, SaleRepository, VendorRepository } from '../application/sales/ports';
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
import type { GuardDeps } from '../adapters/http/sales/guards';
import { CountedDeliveryAttemptLog } from '../adapters/metrics/counted-delivery-attempt-log';
import { saleRoutes } from '../adapters/http/sales/sales/sale-routes';
import { vendorRoutes } from '../adapters/http/sales/sales/vendor-routes';
import { MongoDeliveryAttemptLog } from '../adapters/mongo/sales/mongo-delivery-attempt-log';
import { salesAreaIndexes } from '../adapters/mongo/sales/indexes';
import { MongoPersonRepository } from '../adapters/mongo/sales/mongo-person-repository';
import { MongoSaleRepository } from '../adapters/mongo/sales/mongo-sale-repository';
import { MongoVendorRepository } from '../adapters/mongo/sales/mongo-vendor-repository';
import { HttpSaleWebhookSender } from '../adapters/webhook/http-sale-webhook-sender';
import { bindPort } from './container';
import { sharedPorts, type Platform } from './platform';

export interface SalesOptions {
  readonly dispatchSettings?: Partial<DispatchSettings>;
  /** The outbound delivery timeout (tests use a short one). */
  readonly webhookTimeoutMs?: number;
}

export type SalesArea = ReturnType<typeof composeSales>;

/** Sales, vendors and outbound sale webhooks (spec sales parts 2, 3, 6; CONTRACT 3.3, 4). */
export function composeSales(container: Container, platform: Platform, guards: GuardDeps, options: SalesOptions) {
  const { config, db } = platform;
  const { clock, ids } = sharedPorts(container);
  const settings: DispatchSettings = { ...DEFAULT_DISPATCH_SETTINGS, ...options.dispatchSettings };
  // Without SALES_WEBHOOK_URL there is no sender: dispatch and resend answer that nothing is configured.
  const sender =
    config.salesWebhookUrl === undefined
      ? undefined
      : new HttpSaleWebhookSender(config.salesWebhookUrl, {
          signingSecret: config.salesWebhookSecret,
          ...(options.webhookTimeoutMs === undefined ? {} : { timeoutMs: options.webhookTimeoutMs }),
        });
  if (sender !== undefined) platform.closables.push(sender);
  const sales = bindPort(container, SaleRepository, new MongoSaleRepository(db));
  const people = bindPort(container, PersonRepository, new MongoPersonRepository(db));
  const vendors = bindPort(container, VendorRepository, new MongoVendorRepository(db));
  // Every delivery is recorded there, so it is also where deliveries are counted (CONTRACT 9.2).
  const attempts = new CountedDeliveryAttemptLog(bindPort(container, DeliveryAttemptLog, new MongoDeliveryAttemptLog(db)), platform.metrics.sales);

  const useCases = {
    dispatchPendingSales: new DispatchPendingSales(sales, sender, attempts, clock, ids, settings),
    resendSale: new ResendSale(sales, sender, attempts, clock, ids, settings),
    createManualSale: new CreateManualSale(sales, people, vendors, clock, ids),
    updateSaleStatus: new UpdateSaleStatus(sales, clock),
    getSale: new GetSale(sales),
    listSales: new ListSales(sales),
    createVendor: new CreateVendor(vendors, clock, ids),
    updateVendor: new UpdateVendor(vendors, clock),
    getVendor: new GetVendor(vendors),
    listVendors: new ListVendors(vendors),
  };
  const { createManualSale, getSale, listSales, updateSaleStatus, resendSale, createVendor, updateVendor, getVendor, listVendors } = useCases;
  const routers = [
    saleRoutes({ guards, clock, createManualSale, getSale, listSales, updateSaleStatus, resendSale }),
    vendorRoutes({ guards, createVendor, updateVendor, getVendor, listVendors }),
  ];
  return { service: 'sales' as const, useCases, routers, indexes: salesAreaIndexes };
}
