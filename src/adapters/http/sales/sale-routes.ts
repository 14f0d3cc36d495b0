import Router from '@koa/router';
import type { CreateManualSale } from '../../../application/sales/create-manual-sale';
import type { GetSale } from '../../../application/sales/get-sale';
import type { ListSales } from '../../../application/sales/list-sales';
import type { ResendSale } from '../../../application/sales/resend-sale';
import type { UpdateSaleStatus } from '../../../application/sales/update-sale-status';
import type { Clock } from '../../../application/shared/ports';
import { decodeInput } from './decode-input';
import { combinedGuard, type GuardDeps } from './guards';
import { ManualSaleBody, SaleListQuery, SaleStatusBody, toManualSaleInput, toSaleListFilter, toSaleStatusInput } from './sale-codecs';
import { detailBody, entryBody, pageBody } from './sale-views';
import { orHttpError } from './sales-error-mapping';
import { rateLimit } from './sales-rate-limit';

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

export function saleRoutes(deps: SaleRoutesDeps): Router {
  const router = new Router({ prefix: '/api/sales' });
  const guard = combinedGuard(deps.guards);

  router.post('/manual', rateLimit(MANUAL_SALE_LIMIT), guard, async (ctx) => {
    const body = decodeInput(ManualSaleBody, ctx.request.body);
    const entry = orHttpError(await deps.createManualSale.execute(toManualSaleInput(body)));
    ctx.status = 201;
    ctx.body = entryBody(entry, deps.clock.now());
  });

  router.get('/', guard, async (ctx) => {
    const query = decodeInput(SaleListQuery, ctx.query, 'query');
    const page = orHttpError(await deps.listSales.execute({ filter: toSaleListFilter(query), page: query.page, limit: query.limit }));
    const now = deps.clock.now();
    ctx.body = pageBody(page, query, (entry) => detailBody(entry, now));
  });

  router.get('/:id', guard, async (ctx) => {
    const entry = orHttpError(await deps.getSale.execute(ctx.params.id ?? ''));
    ctx.body = detailBody(entry, deps.clock.now());
  });

  router.patch('/:id/status', guard, async (ctx) => {
    const body = decodeInput(SaleStatusBody, ctx.request.body);
    const { id, event, webhookProcessed } = orHttpError(await deps.updateSaleStatus.execute(toSaleStatusInput(ctx.params.id ?? '', body)));
    ctx.body = { id, event, webhookProcessed };
  });

  router.post('/:id/trigger-webhook', guard, async (ctx) => {
    const { saleId, success, destinationStatus } = orHttpError(await deps.resendSale.execute(ctx.params.id ?? ''));
    ctx.body = { success, saleId, destinationStatus };
  });

  return router;
}
