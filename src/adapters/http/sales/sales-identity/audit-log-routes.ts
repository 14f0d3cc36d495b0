import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import type { GetApiEvent } from '../../../../application/sales-identity/get-api-event';
import type { ListApiEvents } from '../../../../application/sales-identity/list-api-events';
import { documented } from '../../shared/openapi/documented-router';
import { Integer, IsoTimestamp, stringWith, withSchema } from '../../shared/openapi/json-schema';
import { decodeQueryInput } from '../decode-input';
import { integerFromString, isoDateOrTimestamp } from '../../shared/decoding/codecs';
import { PAGING } from '../../shared/decoding/page-query';
import { combinedGuard, roleGuard, type GuardDeps } from '../guards';
import { salesHttpError } from '../sales-error-mapping';
import { salesError, SALES_SECURITY } from '../sales-openapi';

export interface AuditLogRoutesDeps {
  readonly guards: GuardDeps;
  readonly listApiEvents: ListApiEvents;
  readonly getApiEvent: GetApiEvent;
}

const isoDate = isoDateOrTimestamp('An ISO 8601 date or timestamp');

const AuditLogQuery = t.exact(
  t.partial({
    page: integerFromString({ min: 1, max: PAGING.maxPage }),
    limit: integerFromString({ min: 1, max: PAGING.maxLimit }),
    dateFrom: isoDate,
    dateTo: isoDate,
    status: integerFromString({ min: 100, max: 599 }),
    path: t.string,
    userId: t.string,
    requestId: t.string,
  }),
);

/**
 * Annotated codecs of their own: annotating the shared `Integer` or `IsoTimestamp` would change every schema using
 * them.
 */
const RefusedCount = withSchema(
  new t.Type<number, number>(
    'RefusedCount',
    (u): u is number => Number.isInteger(u) && (u as number) >= 1,
    (u, c) => (Number.isInteger(u) && (u as number) >= 1 ? t.success(u as number) : t.failure(u, c)),
    t.identity,
  ),
  {
    type: 'integer',
    format: 'int64',
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
    description:
      'Only on a counted entry: the number of requests refused before any work (the 401 of a route that requires a ' +
      'credential and got no valid one, the 403 of a refused cross-site request, 429, or the 503 of a ' +
      'saturated resource) ' +
      "from this client IP on this route pattern with this status within one minute. `at` is the first one's time, " +
      '`durationMs` the longest, ' +
      "`requestId` and `method` the first one's (`method` is `*` when they differed). Past the bound of open " +
      'counts, `ip` and `path` are `(overflow)`.',
  },
);
const LastAt = stringWith('LastAt', {
  format: 'date-time',
  description: 'Only on a counted entry: the time of the last request it counts.',
});

/**
 * One API event as the routes answer it (the stored record; absent members are left out). CONTRACT
 * 9.5: requests refused before any work are one counted entry per client IP, route pattern, status
 * and minute, with `count` and `lastAt`; there `at` is the first request's time.
 */
const ApiEventView = t.intersection([
  t.type({
    id: t.string,
    requestId: t.string,
    method: t.string,
    path: t.string,
    status: Integer,
    durationMs: t.number,
    ip: t.string,
    at: IsoTimestamp,
  }),
  t.partial({
    userId: t.string,
    errorCode: t.string,
    errorMessages: t.array(t.string),
    count: RefusedCount,
    lastAt: LastAt,
  }),
]);
const ApiEventPage = t.type({
  data: t.array(ApiEventView),
  total: Integer,
  page: Integer,
  limit: Integer,
  hasMore: t.boolean,
});

/** Spec part 5 rule 12: admin and manager only (403 for operators). */
export function auditLogRoutes(deps: AuditLogRoutesDeps): Router {
  const router = new Router({ prefix: '/audit-logs' });
  const api = documented(router, {
    tag: 'Audit log',
    security: SALES_SECURITY.jwtOrApiKey,
    responses: { 403: salesError('Not an admin or a manager') },
  });
  router.use(combinedGuard(deps.guards), roleGuard('admin', 'manager'));

  const listSpec = {
    summary: 'The API event log, newest first',
    query: AuditLogQuery,
    responses: {
      200: { description: 'A page of events', body: ApiEventPage },
      400: salesError('A query parameter is invalid'),
    },
  };
  api.get('/', listSpec, async (ctx) => {
    const { page, limit, ...filter } = decodeQueryInput(AuditLogQuery, ctx.query, 'ignore');
    const result = await deps.listApiEvents.execute({ filter, page: page ?? 1, limit: limit ?? 20 });
    if (E.isRight(result)) ctx.body = result.right;
  });

  const getSpec = {
    summary: 'One API event',
    pathParameters: { id: 'The event id' },
    responses: {
      200: { description: 'The event', body: ApiEventView },
      404: salesError('`Audit log entry not found`'),
    },
  };
  api.get('/:id', getSpec, async (ctx) => {
    const result = await deps.getApiEvent.execute({ id: ctx.params.id ?? '' });
    if (E.isLeft(result)) throw salesHttpError(result.left);
    ctx.body = result.right;
  });

  return router;
}
