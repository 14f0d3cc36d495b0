import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import type { CreateVendor } from '../../../application/sales/create-vendor';
import type { GetVendor } from '../../../application/sales/get-vendor';
import type { ListVendors } from '../../../application/sales/list-vendors';
import type { UpdateVendor } from '../../../application/sales/update-vendor';
import type { Vendor } from '../../../domain/sales/sale';
import { HttpError } from '../shared/http-error';
import { decodeInput } from './decode-input';
import { combinedGuard, type GuardDeps } from './guards';
import { PageQuery, VendorCreateBody, VendorUpdateBody } from './sale-codecs';

export interface VendorRoutesDeps {
  readonly guards: GuardDeps;
  readonly createVendor: CreateVendor;
  readonly updateVendor: UpdateVendor;
  readonly getVendor: GetVendor;
  readonly listVendors: ListVendors;
}

/** Spec part 2 vendor fields. */
export function vendorBody(vendor: Vendor) {
  return { ...vendor, createdAt: vendor.createdAt.toISOString(), updatedAt: vendor.updatedAt.toISOString() };
}

const notFound = (id: string) => new HttpError(404, `Vendor ${id} not found`);

export function vendorRoutes(deps: VendorRoutesDeps): Router {
  const router = new Router({ prefix: '/vendors' });
  const guard = combinedGuard(deps.guards);

  router.get('/', guard, async (ctx) => {
    const query = decodeInput(PageQuery, ctx.query, 'query');
    const page = await deps.listVendors.execute(query.page, query.limit);
    ctx.body = { data: page.items.map(vendorBody), total: page.total, page: query.page, limit: query.limit, hasMore: query.page * query.limit < page.total };
  });

  router.post('/', guard, async (ctx) => {
    const body = decodeInput(VendorCreateBody, ctx.request.body);
    ctx.status = 201;
    ctx.body = vendorBody(await deps.createVendor.execute(body));
  });

  router.get('/:id', guard, async (ctx) => {
    const result = await deps.getVendor.execute(ctx.params.id ?? '');
    if (E.isLeft(result)) throw notFound(result.left.id);
    ctx.body = vendorBody(result.right);
  });

  router.put('/:id', guard, async (ctx) => {
    const body = decodeInput(VendorUpdateBody, ctx.request.body);
    const result = await deps.updateVendor.execute(ctx.params.id ?? '', body);
    if (E.isLeft(result)) throw notFound(result.left.id);
    ctx.body = vendorBody(result.right);
  });

  return router;
}
