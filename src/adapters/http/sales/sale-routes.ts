import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import type { CreateManualSale } from '../../../application/sales/create-manual-sale';
import type { Page, SaleRepository } from '../../../application/sales/ports';
import type { ResendSale } from '../../../application/sales/resend-sale';
import type { UpdateSaleStatus } from '../../../application/sales/update-sale-status';
import type { Clock } from '../../../application/shared/ports';
import { toEnvelopeEntry } from '../../../domain/sales/envelope';
import type { SaleEntry } from '../../../domain/sales/sale';
import { HttpError } from '../shared/http-error';
import { decodeInput } from './decode-input';
import { combinedGuard, type GuardDeps } from './guards';
import { ManualSaleBody, SaleListQuery, SaleStatusBody } from './sale-codecs';
import { rateLimit } from './sales-rate-limit';

export interface SaleRoutesDeps {
  readonly guards: GuardDeps;
  readonly clock: Clock;
  readonly sales: SaleRepository;
  readonly createManualSale: CreateManualSale;
  readonly updateSaleStatus: UpdateSaleStatus;
  readonly resendSale: ResendSale;
}

/** Spec part 8: POST /api/sales/manual has its own limit. */
export const MANUAL_SALE_LIMIT = { limit: 10, windowMs: 300_000 };

const notFound = (id: string) => new HttpError(404, `Sale ${id} not found`);

/** The webhook-entry shape (spec part 2) without the entry timestamp. */
function entryBody(entry: SaleEntry, now: Date) {
  const { timestamp, ...rest } = toEnvelopeEntry(entry, now);
  void timestamp;
  return rest;
}

/** What operators see: the entry plus its delivery state and last status event. */
function detailBody(entry: SaleEntry, now: Date) {
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

export function saleRoutes(deps: SaleRoutesDeps): Router {
  const router = new Router({ prefix: '/api/sales' });
  const guard = combinedGuard(deps.guards);

  router.post('/manual', rateLimit(MANUAL_SALE_LIMIT), guard, async (ctx) => {
    const body = decodeInput(ManualSaleBody, ctx.request.body);
    const result = await deps.createManualSale.execute(body);
    if (E.isLeft(result)) {
      switch (result.left._tag) {
        case 'InvalidCpf':
          throw new HttpError(400, 'Validation failed', { validation: ['pessoa.cpf must be a valid CPF'] });
        case 'InvalidPhone':
          throw new HttpError(400, 'Validation failed', { validation: [`pessoa.${result.left.field} must be a valid Brazilian phone number`] });
        case 'UnknownVendor':
          throw new HttpError(400, 'Validation failed', { validation: [`vendorId ${result.left.vendorId} does not exist`] });
      }
    }
    ctx.status = 201;
    ctx.body = entryBody(result.right, deps.clock.now());
  });

  router.get('/', guard, async (ctx) => {
    const query = decodeInput(SaleListQuery, ctx.query, 'query');
    const page: Page<SaleEntry> = await deps.sales.list(
      {
        ...(query.processed === undefined ? {} : { processed: query.processed === 'true' }),
        ...(query.dateFrom === undefined ? {} : { dateFrom: query.dateFrom }),
        ...(query.dateTo === undefined ? {} : { dateTo: query.dateTo }),
      },
      query.page,
      query.limit,
    );
    const now = deps.clock.now();
    ctx.body = {
      data: page.items.map((entry) => detailBody(entry, now)),
      total: page.total,
      page: query.page,
      limit: query.limit,
      hasMore: query.page * query.limit < page.total,
    };
  });

  router.get('/:id', guard, async (ctx) => {
    const id = ctx.params.id ?? '';
    const entry = await deps.sales.findEntry(id);
    if (entry === undefined) throw notFound(id);
    ctx.body = detailBody(entry, deps.clock.now());
  });

  router.patch('/:id/status', guard, async (ctx) => {
    const id = ctx.params.id ?? '';
    const body = decodeInput(SaleStatusBody, ctx.request.body);
    const result = await deps.updateSaleStatus.execute({
      saleId: id,
      event: body.event,
      ...(body.no_contact_reason === undefined ? {} : { noContactReason: body.no_contact_reason }),
      ...(body.sent_to === undefined ? {} : { sentTo: body.sent_to }),
      ...(body.sent_to_number === undefined ? {} : { sentToNumber: body.sent_to_number }),
      ...(body.dealership === undefined ? {} : { dealership: body.dealership }),
    });
    if (E.isLeft(result)) throw notFound(id);
    ctx.body = result.right;
  });

  router.post('/:id/trigger-webhook', guard, async (ctx) => {
    const id = ctx.params.id ?? '';
    const result = await deps.resendSale.execute(id);
    if (E.isLeft(result)) {
      switch (result.left._tag) {
        case 'SaleNotFound':
          throw notFound(id);
        case 'WebhookNotConfigured':
          throw new HttpError(503, 'Sale webhook destination is not configured (SALES_WEBHOOK_URL)');
        case 'SaleBusy':
          throw new HttpError(409, 'Sale is being delivered by a dispatch run; it is forced and will be sent');
      }
    }
    const { saleId, success, destinationStatus } = result.right;
    ctx.body = { success, saleId, destinationStatus };
  });

  return router;
}
