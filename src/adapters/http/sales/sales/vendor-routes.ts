import Router from '@koa/router';
import type { CreateVendor } from '../../../../application/sales/create-vendor';
import type { GetVendor } from '../../../../application/sales/get-vendor';
import type { ListVendors } from '../../../../application/sales/list-vendors';
import type { UpdateVendor } from '../../../../application/sales/update-vendor';
import { documented } from '../../shared/openapi/documented-router';
import { decodeInput, decodeQueryInput } from '../decode-input';
import { combinedGuard, type GuardDeps } from '../guards';
import { vendorBody, VendorView } from './sale-views';
import { pageBody, pageView, PageQuery } from '../../shared/decoding/page-query';
import { orHttpError } from '../sales-error-mapping';
import { salesError, SALES_SECURITY } from '../sales-openapi';
import { VendorCreateBody, VendorUpdateBody } from './vendor-codecs';

export interface VendorRoutesDeps {
  readonly guards: GuardDeps;
  readonly createVendor: CreateVendor;
  readonly updateVendor: UpdateVendor;
  readonly getVendor: GetVendor;
  readonly listVendors: ListVendors;
}

const notFound = salesError('`Vendor <id> not found`');
const listSpec = {
  summary: 'Vendors',
  query: PageQuery,
  responses: {
    200: { description: 'A page of vendors', body: pageView(VendorView) },
    400: salesError('A query parameter is invalid'),
  },
};
const createSpec = {
  summary: 'Creates a vendor',
  body: VendorCreateBody,
  responses: { 201: { description: 'Created', body: VendorView }, 409: salesError('The `vendorId` exists') },
};
const getSpec = {
  summary: 'One vendor',
  pathParameters: { id: 'The vendor id' },
  responses: { 200: { description: 'The vendor', body: VendorView }, 404: notFound },
};
const updateSpec = {
  summary: 'Updates a vendor: given fields replace, an omitted optional field keeps its value',
  pathParameters: { id: 'The vendor id' },
  body: VendorUpdateBody,
  responses: {
    200: { description: 'Updated', body: VendorView },
    404: notFound,
    409: salesError('The new `vendorId` exists'),
  },
};

export function vendorRoutes(deps: VendorRoutesDeps): Router {
  const router = new Router({ prefix: '/vendors' });
  const api = documented(router, { tag: 'Vendors', security: SALES_SECURITY.jwtOrApiKey });
  const guard = combinedGuard(deps.guards);

  api.get('/', listSpec, guard, async (ctx) => {
    const query = decodeQueryInput(PageQuery, ctx.query, 'ignore');
    ctx.body = pageBody(orHttpError(await deps.listVendors.execute(query)), query, vendorBody);
  });

  api.post('/', createSpec, guard, async (ctx) => {
    const body = decodeInput(VendorCreateBody, ctx.request.body);
    const vendor = orHttpError(await deps.createVendor.execute(body));
    ctx.status = 201;
    ctx.body = vendorBody(vendor);
  });

  api.get('/:id', getSpec, guard, async (ctx) => {
    ctx.body = vendorBody(orHttpError(await deps.getVendor.execute(ctx.params.id ?? '')));
  });

  api.put('/:id', updateSpec, guard, async (ctx) => {
    const body = decodeInput(VendorUpdateBody, ctx.request.body);
    ctx.body = vendorBody(orHttpError(await deps.updateVendor.execute({ ...body, id: ctx.params.id ?? '' })));
  });

  return router;
}
