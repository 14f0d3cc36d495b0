import type { Middleware } from 'koa';

/**
 * A value declared on a route where the route is declared (`router.post('/login', mark(value), handler)`):
 * the marker middleware itself does nothing, and a middleware that runs before the router (a limiter,
 * admission) finds the value on the matched route's stack.
 */
export interface RouteMarker<T> {
  mark(value: T): Middleware;
  /** The values marked on a matched route's stack, in declaration order. */
  on(route: { readonly stack: readonly unknown[] }): T[];
}

export function routeMarker<T>(): RouteMarker<T> {
  const values = new WeakMap<object, T>();
  return {
    mark(value) {
      const marker: Middleware = (_ctx, next) => next();
      values.set(marker, value);
      return marker;
    },
    on(route) {
      const found: T[] = [];
      for (const middleware of route.stack) {
        const value = typeof middleware === 'function' ? values.get(middleware) : undefined;
        if (value !== undefined) found.push(value);
      }
      return found;
    },
  };
}
