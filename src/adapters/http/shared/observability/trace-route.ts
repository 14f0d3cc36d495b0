import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { currentTracing, type TracedService } from '../../../tracing/tracing-handle';
import { routePatternOf, UNMATCHED_ROUTE } from './request-metrics';

/**
 * CONTRACT 13: the SERVER span of a request, made here rather than by instrumentation-http (one span
 * with the attributes we keep, instead of its attribute collection and emitter patching on every
 * request): named `<METHOD> <route>` by the route pattern that answered (the one the request metrics
 * use: on the hub it carries `/api/v1`), with `brokerhub.service`. Mounted first, so every later
 * middleware, database command and outbound call runs inside it and it sees the route of every answer,
 * errors included. Undefined with tracing off: the chain is then exactly what it was without tracing.
 */
export function traceRoute(service: TracedService, routers: readonly Router[]): Middleware | undefined {
  const traceRequest = currentTracing().traceRequest;
  if (traceRequest === undefined) return undefined;
  return (ctx, next) =>
    traceRequest(
      {
        service,
        method: ctx.method,
        headers: ctx.headers,
        httpVersion: ctx.req.httpVersion,
        localPort: ctx.req.socket.localPort,
      },
      next,
      () => {
        const route = routePatternOf(ctx, routers);
        return { route: route === UNMATCHED_ROUTE ? undefined : route, status: ctx.status };
      },
    );
}
