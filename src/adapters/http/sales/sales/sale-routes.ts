import Router from '@koa/router';
import type { CreateManualSale } from '../../../../application/sales/create-manual-sale';
import type { GetSale } from '../../../../application/sales/get-sale';
import type { ListSales } from '../../../../application/sales/list-sales';
import type { ResendSale } from '../../../../application/sales/resend-sale';
import type { UpdateSaleStatus } from '../../../../application/sales/update-sale-status';
import type { Clock } from '../../../../application/shared/ports';
import * as t from 'io-ts';
import { SALE_EVENTS } from '../../../../domain/sales/sale';
import { documented } from '../../shared/openapi/documented-router';
import { Integer } from '../../shared/openapi/json-schema';
import { decodeInput, decodeQueryInput } from '../decode-input';
import { combinedGuard, type GuardDeps } from '../guards';
import {
  manualSaleBody,
  SaleListQuery,
  SaleStatusBody,
  toManualSaleInput,
  toSaleListFilter,
  toSaleStatusInput,
} from './sale-codecs';
import { detailBody, entryBody, SaleDetailView, SaleEntryView } from './sale-views';
import { pageBody, pageView } from '../../shared/decoding/page-query';
import { orHttpError } from '../sales-error-mapping';
import { salesError, SALES_SECURITY } from '../sales-openapi';
import { rateLimit } from '../sales-rate-limit';
import { oneOf } from '../../shared/decoding/codecs';

export interface SaleRoutesDeps {
  readonly guards: GuardDeps;
  readonly clock: Clock;
  readonly createManualSale: CreateManualSale;
  readonly getSale: GetSale;
  readonly listSales: ListSales;
  readonly updateSaleStatus: UpdateSaleStatus;
  readonly resendSale: ResendSale;
}

/** Spec part 8: POST /api/sales/manual has its own limit. */
const MANUAL_SALE_LIMIT = { limit: 10, windowMs: 300_000 };

const StatusUpdated = t.type({
  id: t.string,
  event: oneOf(SALE_EVENTS),
  webhookProcessed: t.boolean,
});
const Resent = t.type({ success: t.boolean, saleId: t.string, destinationStatus: t.union([Integer, t.null]) });
const SALE_NOT_FOUND = salesError('`Sale <id> not found`');

const listSpec = {
  summary: 'Sales, newest first',
  query: SaleListQuery,
  responses: {
    200: { description: 'A page of sales', body: pageView(SaleDetailView) },
    400: salesError('A query parameter is invalid'),
  },
};
const getSpec = {
  summary: 'One sale with its delivery state',
  pathParameters: { id: 'The sale id' },
  responses: { 200: { description: 'The sale', body: SaleDetailView }, 404: SALE_NOT_FOUND },
};
const statusSpec = {
  summary: 'Records a status event of a sale',
  pathParameters: { id: 'The sale id' },
  body: SaleStatusBody,
  responses: { 200: { description: 'Recorded', body: StatusUpdated }, 404: SALE_NOT_FOUND },
};
const resendSpec = {
  summary: 'Forces the sale and sends it alone to the sale webhook',
  description: '`success` is false when the destination failed; the sale then stays forced for the next dispatch.',
  pathParameters: { id: 'The sale id' },
  responses: {
    200: { description: 'Sent (or attempted)', body: Resent },
    404: SALE_NOT_FOUND,
    409: salesError('A dispatch run holds the sale; it is forced and will be sent'),
    503: salesError('No SALES_WEBHOOK_URL, or the database is unavailable'),
  },
};

export function saleRoutes(deps: SaleRoutesDeps): Router {
  const router = new Router({ prefix: '/api/sales' });
  const api = documented(router, { tag: 'Sales', security: SALES_SECURITY.jwtOrApiKey });
  const guard = combinedGuard(deps.guards);

  const ManualSaleBody = manualSaleBody(deps.clock);
  const manualSpec = {
    summary: 'Records a sale typed in by an operator (10 per 300 s per IP)',
    body: ManualSaleBody,
    responses: {
      201: { description: 'The sale, in the webhook-entry shape', body: SaleEntryView },
      400: salesError('Invalid CPF or phone, a missing field, or a `vendorId` that is not the `id` of a vendor'),
    },
  };
  api.post('/manual', manualSpec, rateLimit(MANUAL_SALE_LIMIT), guard, async (ctx) => {
    const body = decodeInput(ManualSaleBody, ctx.request.body);
    const entry = orHttpError(await deps.createManualSale.execute(toManualSaleInput(body)));
    ctx.status = 201;
    ctx.body = entryBody(entry, deps.clock.now());
  });

  api.get('/', listSpec, guard, async (ctx) => {
    const query = decodeQueryInput(SaleListQuery, ctx.query, 'ignore');
    const page = orHttpError(
      await deps.listSales.execute({ filter: toSaleListFilter(query), page: query.page, limit: query.limit }),
    );
    const now = deps.clock.now();
    ctx.body = pageBody(page, query, (entry) => detailBody(entry, now));
  });

  api.get('/:id', getSpec, guard, async (ctx) => {
    const entry = orHttpError(await deps.getSale.execute(ctx.params.id ?? ''));
    ctx.body = detailBody(entry, deps.clock.now());
  });

  api.patch('/:id/status', statusSpec, guard, async (ctx) => {
    const body = decodeInput(SaleStatusBody, ctx.request.body);
    const { id, event, webhookProcessed } = orHttpError(
      await deps.updateSaleStatus.execute(toSaleStatusInput(ctx.params.id ?? '', body)),
    );
    ctx.body = { id, event, webhookProcessed };
  });

  api.post('/:id/trigger-webhook', resendSpec, guard, async (ctx) => {
    const { saleId, success, destinationStatus } = orHttpError(await deps.resendSale.execute(ctx.params.id ?? ''));
    ctx.body = { success, saleId, destinationStatus };
  });

  return router;
}
