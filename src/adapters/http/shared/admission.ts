import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { deadlineIn, type Deadline } from '../../system/system-clock';
import { routeMarker } from './route-marker';

/** A bounded resource a route's work needs: rejects (CapacityExceededError) when it is saturated. */
export interface Capacity {
  checkCapacity(): Promise<void>;
}

const capacities = routeMarker<Capacity>();

/**
 * Declares, where the route is declared, the bounded resource its work needs:
 * `router.post('/login', needsCapacity(passwords), handler)`. The middleware itself does nothing;
 * `admission` finds it on the matched route and refuses the request before its body is read.
 */
export function needsCapacity(capacity: Capacity): Middleware {
  return capacities.mark(capacity);
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
          for (const capacity of capacities.on(layer)) {
            if (!(await heldConnectionWaited(ctx))) return;
            await capacity.checkCapacity();
          }
        }
      }
    }
    await next();
  };
}

const heldUntil = new WeakMap<object, Deadline>();

/**
 * CONTRACT 9.5: a client told to come back in `seconds` (a 503 with `Retry-After`) is not served
 * work of that kind again on this connection until then. The answer itself goes out at once; what
 * waits is the next request for a saturated resource (a login) that a client ignoring `Retry-After`
 * sends on the same connection, before anything is done for it. A login flood over kept-alive
 * connections is thereby paced by the service instead of by how fast it can refuse, so the refusals
 * cannot take the event loop from the other routes. Other requests on that connection are not held:
 * behind a proxy one upstream connection carries many clients' requests. A client that honours
 * `Retry-After` never notices.
 */
export function holdConnection(ctx: Context, seconds: number): void {
  heldUntil.set(ctx.req.socket, deadlineIn(seconds * 1000));
}

/** Waits out the hold of this request's connection; false when the connection closed meanwhile. */
async function heldConnectionWaited(ctx: Context): Promise<boolean> {
  const until = heldUntil.get(ctx.req.socket);
  if (until === undefined) return true;
  const wait = until.leftMs();
  if (wait > 0) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    if (ctx.req.socket.destroyed) return false;
  }
  heldUntil.delete(ctx.req.socket);
  return true;
}
