import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { currentTracing, type TracedService } from '../../../tracing/tracing-handle';
import { routePatternOf, UNMATCHED_ROUTE } from './request-metrics';

/**
 * CONTRACT 13: the SERVER span of a request is named `<METHOD> <route>` by the route pattern that
 * answered (the one the request metrics use: on the hub it carries `/api/v1`) and carries
 * `brokerhub.service`. Mounted first, so it sees the route of every answer, errors included.
 * Undefined with tracing off: the chain is then exactly what it was without tracing.
 */
export function traceRoute(service: TracedService, routers: readonly Router[]): Middleware | undefined {
  const name = currentTracing().nameServerSpan;
  if (name === undefined) return undefined;
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      const route = routePatternOf(ctx, routers);
      name(service, route === UNMATCHED_ROUTE ? undefined : route);
    }
  };
}
