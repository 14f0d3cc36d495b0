import type Router from '@koa/router';
import type { Middleware } from 'koa';

/** A bounded resource a route's work needs: rejects (CapacityExceededError) when it is saturated. */
export interface Capacity {
  checkCapacity(): Promise<void>;
}

const declared = new WeakMap<object, Capacity>();

/**
 * Declares, where the route is declared, the bounded resource its work needs:
 * `router.post('/login', needsCapacity(passwords), handler)`. The middleware itself does nothing;
 * `admission` finds it on the matched route and refuses the request before its body is read.
 */
export function needsCapacity(capacity: Capacity): Middleware {
  const marker: Middleware = (_ctx, next) => next();
  declared.set(marker, capacity);
  return marker;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * CONTRACT 9.5: a request for saturated work (a login while password hashing is past its queue) is
 * refused at once, before its body is parsed and before its route runs, so a flood of them costs as
 * little as a request can. Only requests with a body are matched (every route that hashes has one).
 * The refusal comes before the hub's IP limiter counts the request: it verifies no password, so it
 * gives a guesser nothing to count against.
 */
export function admission(routers: readonly Router[]): Middleware {
  return async (ctx, next) => {
    if (BODY_METHODS.has(ctx.method)) {
      // Every matched route of every router: a catch-all in front (the hub's IP limiter) matches too.
      for (const router of routers) {
        for (const layer of router.match(ctx.path, ctx.method).pathAndMethod) {
          for (const middleware of layer.stack) await declared.get(middleware)?.checkCapacity();
        }
      }
    }
    await next();
  };
}
