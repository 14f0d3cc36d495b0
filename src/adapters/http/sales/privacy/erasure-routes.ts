import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import type { GetErasure, ListErasures } from '../../../../application/privacy/get-erasure';
import type { RequestErasure } from '../../../../application/privacy/request-erasure';
import { documented } from '../../shared/openapi/documented-router';
import { integerFromString } from '../../shared/decoding/codecs';
import { PAGING } from '../../shared/decoding/page-query';
import { HttpError } from '../../shared/errors/http-error';
import { decodeQueryInput } from '../decode-input';
import { combinedGuard, roleGuard, type GuardDeps } from '../guards';
import { salesError, SALES_SECURITY } from '../sales-openapi';
import { decodeErasureBody, ErasureBody } from './erasure-codecs';
import { ErasureAccepted, ErasurePage, ErasureView, erasureView } from './erasure-views';

export interface ErasureRoutesDeps {
  readonly guards: GuardDeps;
  readonly requestErasure: RequestErasure;
  readonly getErasure: GetErasure;
  readonly listErasures: ListErasures;
  /** Runs the request after the answer (its completion after a crash is the start's and the tick's). */
  readonly launch: (id: string) => void;
}

const ErasureListQuery = t.exact(
  t.partial({
    page: integerFromString({ min: 1, max: PAGING.maxPage }),
    limit: integerFromString({ min: 1, max: PAGING.maxLimit }),
  }),
);

const createSpec = {
  summary: "Asks for a data subject's erasure (LGPD art. 18); done in the background, also after a crash",
  body: ErasureBody,
  responses: {
    202: { description: 'Accepted: the erasure runs', body: ErasureAccepted },
    200: { description: 'An erasure of this subject is already pending: its id', body: ErasureAccepted },
    400: salesError('Not exactly one identifier, a malformed CPF, phone or e-mail, a reason out of 1-500 characters'),
  },
};

const listSpec = {
  summary: 'The erasure requests, newest first',
  query: ErasureListQuery,
  responses: {
    200: { description: 'A page of requests', body: ErasurePage },
    400: salesError('A query parameter is invalid'),
  },
};

const getSpec = {
  summary: 'One erasure request (never its identifier)',
  pathParameters: { id: 'The request id' },
  responses: {
    200: { description: 'The request', body: ErasureView },
    404: salesError('`Erasure not found`'),
  },
};

/** CONTRACT 12.2, 12.4: the erasure of a data subject, admin only (API key or session; other roles 403). */
export function erasureRoutes(deps: ErasureRoutesDeps): Router {
  const router = new Router({ prefix: '/privacy/erasures' });
  const api = documented(router, {
    tag: 'Privacy',
    security: SALES_SECURITY.jwtOrApiKey,
    responses: { 403: salesError('Not an admin') },
  });
  router.use(combinedGuard(deps.guards), roleGuard('admin'));

  api.post('/', createSpec, async (ctx) => {
    const result = await deps.requestErasure.execute(decodeErasureBody(ctx.request.body));
    if (E.isLeft(result))
      throw new HttpError(400, 'Validation failed', { validation: ['reason must not name the subject'] });
    if (result.right.created) deps.launch(result.right.id);
    ctx.status = result.right.created ? 202 : 200;
    ctx.body = { id: result.right.id, status: 'pending' as const };
  });

  api.get('/', listSpec, async (ctx) => {
    const { page = 1, limit = 20 } = decodeQueryInput(ErasureListQuery, ctx.query, 'refuse');
    const { items, total } = await deps.listErasures.execute(page, limit);
    ctx.body = { data: items.map(erasureView), total, page, limit, hasMore: page * limit < total };
  });

  api.get('/:id', getSpec, async (ctx) => {
    const result = await deps.getErasure.execute(ctx.params.id ?? '');
    if (E.isLeft(result)) throw new HttpError(404, 'Erasure not found');
    ctx.body = erasureView(result.right);
  });

  return router;
}
