import Router from '@koa/router';
import type { CreateVendor } from '../../../application/sales/create-vendor';
import type { GetVendor } from '../../../application/sales/get-vendor';
import type { ListVendors } from '../../../application/sales/list-vendors';
import type { UpdateVendor } from '../../../application/sales/update-vendor';
import { decodeInput } from './decode-input';
import { combinedGuard, type GuardDeps } from './guards';
import { PageQuery } from './page-query';
import { pageBody, vendorBody } from './sale-views';
import { orHttpError } from './sales-error-mapping';
import { VendorCreateBody, VendorUpdateBody } from './vendor-codecs';

export interface VendorRoutesDeps {
  readonly guards: GuardDeps;
  readonly createVendor: CreateVendor;
  readonly updateVendor: UpdateVendor;
  readonly getVendor: GetVendor;
  readonly listVendors: ListVendors;
}

export function vendorRoutes(deps: VendorRoutesDeps): Router {
  const router = new Router({ prefix: '/vendors' });
  const guard = combinedGuard(deps.guards);

  router.get('/', guard, async (ctx) => {
    const query = decodeInput(PageQuery, ctx.query, 'query');
    ctx.body = pageBody(orHttpError(await deps.listVendors.execute(query)), query, vendorBody);
  });

  router.post('/', guard, async (ctx) => {
    const body = decodeInput(VendorCreateBody, ctx.request.body);
    const vendor = orHttpError(await deps.createVendor.execute(body));
    ctx.status = 201;
    ctx.body = vendorBody(vendor);
  });

  router.get('/:id', guard, async (ctx) => {
    ctx.body = vendorBody(orHttpError(await deps.getVendor.execute(ctx.params.id ?? '')));
  });

  router.put('/:id', guard, async (ctx) => {
    const body = decodeInput(VendorUpdateBody, ctx.request.body);
    ctx.body = vendorBody(orHttpError(await deps.updateVendor.execute({ ...body, id: ctx.params.id ?? '' })));
  });

  return router;
}
