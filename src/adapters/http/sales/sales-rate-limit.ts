import type Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import type { RateLimitStore } from '../../../application/shared/ports';
import type { RateLimitMetrics } from '../../metrics/metrics';
import type { Logger } from '../../system/logger';
import { clientIp } from '../shared/security/client-ip';
import { routeMarker } from '../shared/route-marker';
import { exemptPathMatcher } from '../shared/exempt-paths';

export interface RateLimitRule {
  readonly limit: number;
  readonly windowMs: number;
}

/** Spec part 8: every endpoint without an override. */
export const DEFAULT_SALES_RATE_LIMIT: RateLimitRule = { limit: 20, windowMs: 60_000 };
export const THROTTLED_BODY = { statusCode: 429, message: 'ThrottlerException: Too Many Requests' } as const;

const declaredRules = routeMarker<RateLimitRule>();

/**
 * Declares a route's own limit where the route is declared:
 * `router.get('/kpi/sdr', rateLimit({ limit: 10, windowMs: 60_000 }), guard, handler)`.
 * The middleware itself does nothing; the sales limiter finds it on the matched route.
 */
export function rateLimit(rule: RateLimitRule): Middleware {
  return declaredRules.mark(rule);
}

export interface SalesRateLimiterOptions {
  readonly store: RateLimitStore;
  readonly routers: readonly Router[];
  readonly trustProxy: number;
  readonly logger: Logger;
  /** Replaces the spec default (tests use small limits). */
  readonly defaultRule?: RateLimitRule;
  /** Scales every declared override the same way (tests); default: the declared rules. */
  readonly ruleFor?: (declared: RateLimitRule) => RateLimitRule;
  /** Paths never limited (orchestrator probes, the documentation; `/x/` is a prefix). */
  readonly exemptPaths?: readonly string[];
  /** Counts the 429s (CONTRACT 9.2). */
  readonly metrics?: RateLimitMetrics;
}

interface MatchedRoute {
  readonly pattern: string;
  readonly declared: RateLimitRule | undefined;
}

function matchRoute(routers: readonly Router[], path: string, method: string): MatchedRoute | undefined {
  for (const router of routers) {
    const route = router.match(path, method).pathAndMethod.find((layer) => layer.methods.length > 0);
    if (route === undefined) continue;
    return { pattern: String(route.path), declared: declaredRules.on(route)[0] };
  }
  return undefined;
}

/**
 * Spec part 8, CONTRACT 3.1: fixed windows per client IP per route (method + route pattern, so
 * `/api-keys/1` and `/api-keys/2` share a counter). Unmatched paths share one counter per IP and
 * method, so random URLs cannot mint fresh windows.
 */
export function salesRateLimiter(options: SalesRateLimiterOptions): Middleware {
  const isExempt = exemptPathMatcher(options.exemptPaths ?? []);
  const defaultRule = options.defaultRule ?? DEFAULT_SALES_RATE_LIMIT;
  let warned = false;
  return async (ctx: Context, next: Next) => {
    if (isExempt(ctx.path)) return next();
    const route = matchRoute(options.routers, ctx.path, ctx.method);
    const rule = route?.declared === undefined ? defaultRule : (options.ruleFor?.(route.declared) ?? route.declared);
    const ip = clientIp({ headers: ctx.headers, socketAddress: ctx.socket.remoteAddress }, options.trustProxy);
    const key = `sales:${ip}:${ctx.method} ${route?.pattern ?? '(unmatched)'}`;
    let hit;
    try {
      hit = await options.store.hit(key, rule.windowMs);
    } catch (error) {
      // The composition root already falls back from Redis to memory; should a store still fail, the
      // request goes through unlimited rather than failing (a limiter must not cause an outage).
      if (!warned) options.logger.error({ err: error }, 'sales rate limiter: the counter store failed; not limiting');
      warned = true;
      return next();
    }
    const resetSeconds = Math.max(1, Math.ceil(hit.resetInMs / 1000));
    ctx.set({
      'X-RateLimit-Limit': String(rule.limit),
      'X-RateLimit-Remaining': String(Math.max(0, rule.limit - hit.count)),
      'X-RateLimit-Reset': String(resetSeconds),
    });
    if (hit.count > rule.limit) {
      ctx.status = 429;
      ctx.set('Retry-After', String(resetSeconds));
      ctx.body = { ...THROTTLED_BODY };
      ctx.state.errorOutcome = { internalCode: 'HTTP_EXCEPTION', detailMessages: [THROTTLED_BODY.message] };
      options.metrics?.rateLimited('sales_ip_route');
      return;
    }
    await next();
  };
}
