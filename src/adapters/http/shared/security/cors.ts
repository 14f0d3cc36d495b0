import type { Middleware } from 'koa';
import { isCorsOrigin, type BrowserOrigins } from './browser-origins';
import { REQUEST_ID_HEADER } from '../observability/request-id';

const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
/** Headers the APIs set that a front end may read (request id, rate-limit state). */
const EXPOSED_HEADERS = [
  REQUEST_ID_HEADER,
  'Retry-After',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
].join(', ');
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/**
 * CONTRACT 9.3 `CORS_ORIGINS`. Every answer to an allowed origin, errors included, carries the CORS
 * headers: they are set before the rest of the chain runs, and the error handler only adds headers.
 * Any OPTIONS request is answered 204 here, before the API event log, authentication and rate
 * limiting (CONTRACT 9.2 and 9.3): a preflight is never counted nor logged as an API event. A
 * disallowed origin gets no CORS headers at all, so the browser refuses to hand the answer over.
 */
export function cors(origins: BrowserOrigins): Middleware {
  return async (ctx, next) => {
    // The answer depends on Origin once any origin is allowed: shared caches must key on it.
    if (origins.corsOrigins.length > 0) ctx.vary('Origin');
    const origin = ctx.get('origin');
    const allowed = origin !== '' && isCorsOrigin(origins, origin);
    if (allowed) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Access-Control-Allow-Credentials', 'true');
    }
    if (ctx.method !== 'OPTIONS') {
      if (allowed) ctx.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
      await next();
      return;
    }
    if (allowed) {
      ctx.set('Access-Control-Allow-Methods', ALLOWED_METHODS);
      const requested = ctx.get('access-control-request-headers');
      if (requested !== '') ctx.set('Access-Control-Allow-Headers', requested);
      ctx.set('Access-Control-Max-Age', PREFLIGHT_MAX_AGE_SECONDS);
    }
    ctx.status = 204;
  };
}
