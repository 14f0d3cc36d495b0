import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

export const REQUEST_ID_HEADER = 'x-request-id';
// Accepted as given only when it cannot smuggle anything into logs or headers.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Accepts the caller's x-request-id (or makes one) and echoes it on the response. */
export function requestId(): Middleware {
  return async (ctx, next) => {
    const given = ctx.get(REQUEST_ID_HEADER);
    const id = SAFE_REQUEST_ID.test(given) ? given : randomUUID();
    ctx.state.requestId = id;
    ctx.set(REQUEST_ID_HEADER, id);
    await next();
  };
}
