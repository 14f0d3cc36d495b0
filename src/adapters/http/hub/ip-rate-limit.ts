import Router from '@koa/router';
import type { RateLimitStore } from '../../../application/shared/ports';
import type { RateLimitMetrics } from '../../metrics/metrics';
import { HttpError } from '../shared/errors/http-error';
import { clientIp } from '../shared/security/client-ip';
import { HUB_PREFIX } from './hub-prefix';

export interface IpRateLimitOptions {
  readonly limit: number;
  readonly windowMs: number;
}

/** Spec part 8: 10 requests per 5 minutes per IP and path. */
export const DEFAULT_IP_RATE_LIMIT: IpRateLimitOptions = { limit: 10, windowMs: 5 * 60 * 1000 };

const POST_PREFIXES = [
  '/auth/login',
  '/auth/register',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/auth/refresh',
].map((p) => `${HUB_PREFIX}${p}`);
const ANY_METHOD_PREFIXES = [`${HUB_PREFIX}/webhooks/`];

/**
 * CONTRACT 7 "Hub IP limiter paths": lower-cased, repeated slashes collapsed, trailing slash and query
 * removed, so every spelling the router accepts for one route meets the same counter.
 */
export function normalizeLimiterPath(path: string): string {
  const withoutQuery = path.split('?', 1)[0] ?? '';
  const collapsed = withoutQuery.toLowerCase().replace(/\/{2,}/g, '/');
  return collapsed.length > 1 && collapsed.endsWith('/') ? collapsed.slice(0, -1) : collapsed;
}

/** Spec part 8 rule 1: POST on the auth paths, any method under /webhooks/, by prefix (of the normalized path). */
export function isIpLimited(method: string, path: string): boolean {
  const normalized = normalizeLimiterPath(path);
  return (
    (method === 'POST' && POST_PREFIXES.some((prefix) => normalized.startsWith(prefix))) ||
    ANY_METHOD_PREFIXES.some((prefix) => normalized.startsWith(prefix))
  );
}

/**
 * The IP limiter, as a router that matches every path so it runs before the routers after it (and
 * also before the 404 of a webhook route that does not exist yet). Counts live in the shared
 * RateLimitStore (Redis when configured), so the limit holds across instances; the client IP follows
 * CONTRACT 5.1 so a forged X-Forwarded-For does not open a new bucket.
 */
export function ipRateLimitRouter(
  store: RateLimitStore,
  trustedHops: number,
  options: IpRateLimitOptions = DEFAULT_IP_RATE_LIMIT,
  metrics?: RateLimitMetrics,
): Router {
  const router = new Router();
  const retryAfter = String(Math.ceil(options.windowMs / 1000));
  router.all('/{*path}', async (ctx, next) => {
    // The catch-all's own parameter must not leak into the params of the routes after it.
    ctx.params = {};
    if (!isIpLimited(ctx.method, ctx.path)) return next();
    const ip = clientIp({ headers: ctx.headers, socketAddress: ctx.req.socket.remoteAddress }, trustedHops);
    const hit = await store.hit(`hub-ip:${ip}:${normalizeLimiterPath(ctx.path)}`, options.windowMs);
    if (hit.count > options.limit) {
      metrics?.rateLimited('hub_ip_path');
      throw new HttpError(429, 'Too many requests', { headers: { 'Retry-After': retryAfter } });
    }
    // Spec part 8 names X-RateLimit-Remaining; the limit and the reset are the sales service's headers,
    // sent here too so every limited operation of both services states its counts (CONTRACT 11.4).
    ctx.set({
      'X-RateLimit-Limit': String(options.limit),
      'X-RateLimit-Remaining': String(options.limit - hit.count),
      'X-RateLimit-Reset': String(Math.max(1, Math.ceil(hit.resetInMs / 1000))),
    });
    await next();
  });
  return router;
}
