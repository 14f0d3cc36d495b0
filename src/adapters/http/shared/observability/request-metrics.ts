import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { RequestMetrics } from '../../../metrics/metrics';

/** The `route` label of a request no declared route matches (random paths must not mint series). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * A wildcard layer is a pass-through, not the route a request was for: the hub IP limiter's catch-all
 * (`/{*path}`) runs for every path, and `router.use(guard)` layers (`/prefix{/*rest}`) run before the
 * route and, when they throw, are the last pattern @koa/router recorded.
 */
const isRoutePattern = (path: unknown): path is string | RegExp =>
  (typeof path === 'string' && !path.includes('*')) || path instanceof RegExp;

/**
 * The pattern of the route that answered (`/api/sales/:id`), as @koa/router recorded it; for an answer
 * given before the router ran (a limiter's 429, a CSRF 403, a body too large) the pattern the routers
 * would have matched; otherwise `unmatched`.
 */
export function routePatternOf(ctx: Context, routers: readonly Router[]): string {
  const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
  if (isRoutePattern(matched)) return String(matched);
  for (const router of routers) {
    const layer = router
      .match(ctx.path, ctx.method)
      .pathAndMethod.find((candidate) => candidate.methods.length > 0 && isRoutePattern(candidate.path));
    if (layer !== undefined) return String(layer.path);
  }
  return UNMATCHED_ROUTE;
}

/**
 * Observes every request's duration under its method, route pattern and final status (CONTRACT 9.2).
 * It runs outside the error handler, so it sees the status the client gets; a fault escaping the
 * chain is counted as the 500 Koa answers.
 */
export function requestMetrics(metrics: RequestMetrics, routers: readonly Router[]): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    let status: number | undefined;
    try {
      await next();
    } catch (error) {
      status = 500;
      throw error;
    } finally {
      metrics.observeRequest(
        ctx.method,
        routePatternOf(ctx, routers),
        status ?? ctx.status,
        (performance.now() - started) / 1000,
      );
    }
  };
}
