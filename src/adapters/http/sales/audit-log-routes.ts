import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import type { GetApiEvent } from '../../../application/sales-identity/get-api-event';
import type { ListApiEvents } from '../../../application/sales-identity/list-api-events';
import { decodeInput } from './decode-input';
import { combinedGuard, roleGuard, type GuardDeps } from './guards';
import { salesHttpError } from './sales-error-mapping';

export interface AuditLogRoutesDeps {
  readonly guards: GuardDeps;
  readonly listApiEvents: ListApiEvents;
  readonly getApiEvent: GetApiEvent;
}

const integerIn = (name: string, min: number, max: number): t.Type<number, string, unknown> =>
  new t.Type<number, string, unknown>(
    name,
    (u): u is number => typeof u === 'number',
    (u, c) => {
      const n = typeof u === 'string' && /^\d{1,9}$/.test(u) ? Number(u) : NaN;
      return n >= min && n <= max ? t.success(n) : t.failure(u, c, `must be an integer from ${min} to ${max}`);
    },
    String,
  );

const isoDate = new t.Type<Date, string, unknown>(
  'an ISO 8601 date',
  (u): u is Date => u instanceof Date,
  (u, c) => {
    const date = typeof u === 'string' && /^\d{4}-\d{2}-\d{2}/.test(u) ? new Date(u) : new Date(NaN);
    return Number.isNaN(date.getTime()) ? t.failure(u, c, 'must be an ISO 8601 date') : t.success(date);
  },
  (d) => d.toISOString(),
);

const AuditLogQuery = t.exact(
  t.partial({
    page: integerIn('page', 1, 1_000_000),
    limit: integerIn('limit', 1, 100),
    dateFrom: isoDate,
    dateTo: isoDate,
    status: integerIn('status', 100, 599),
    path: t.string,
    userId: t.string,
    requestId: t.string,
  }),
);

/** Spec part 5 rule 12: admin and manager only (403 for operators). */
export function auditLogRoutes(deps: AuditLogRoutesDeps): Router {
  const router = new Router({ prefix: '/audit-logs' });
  router.use(combinedGuard(deps.guards), roleGuard('admin', 'manager'));

  router.get('/', async (ctx) => {
    const { page, limit, ...filter } = decodeInput(AuditLogQuery, { ...ctx.query }, 'query');
    const result = await deps.listApiEvents.execute({ filter, page: page ?? 1, limit: limit ?? 20 });
    if (E.isRight(result)) ctx.body = result.right;
  });

  router.get('/:id', async (ctx) => {
    const result = await deps.getApiEvent.execute({ id: ctx.params.id ?? '' });
    if (E.isLeft(result)) throw salesHttpError(result.left);
    ctx.body = result.right;
  });

  return router;
}
