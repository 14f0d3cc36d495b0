import Router from '@koa/router';
import type { Context } from 'koa';
import { constantTimeEqual, sha256Hex } from '../../../crypto/crypto-secrets';
import type { MetricsExposition, ServiceMetrics } from '../../../metrics/metrics';
import { HttpError, RouteNotFoundError } from '../errors/http-error';
import { documented } from '../openapi/documented-router';

export interface MetricsRouteOptions {
  readonly exposition: MetricsExposition;
  /** `METRICS_TOKEN`; absent: open outside production, not there in production. */
  readonly token: string | undefined;
  readonly isProduction: boolean;
  /** The service's prefix (hub: `/api/v1`). */
  readonly prefix?: string;
}

const BEARER = /^Bearer +(\S+) *$/i;

/**
 * The presented bearer token against the configured one, both hashed first so the comparison takes
 * the same time whatever the presented value, its length included.
 */
function bearerMatches(ctx: Context, token: string): boolean {
  const presented = BEARER.exec(ctx.get('authorization'))?.[1];
  return (
    constantTimeEqual(Buffer.from(sha256Hex(presented ?? ''), 'hex'), Buffer.from(sha256Hex(token), 'hex')) &&
    presented !== undefined
  );
}

/**
 * `GET /metrics` (CONTRACT 9.2), Prometheus text format. With a token: `Authorization: Bearer
 * <token>` or 401 in the service's error format. Without one: open outside production; in production
 * the same 404 as any unknown path, so the route does not even say it exists.
 */
export function metricsRoutes(options: MetricsRouteOptions): Router {
  const router = new Router(options.prefix === undefined ? {} : { prefix: options.prefix });
  const serviceError = { schema: { $ref: '#/components/schemas/Error' } };
  const spec = {
    summary: 'Prometheus metrics of this service and its process (text format)',
    responses: {
      200: { description: 'The metrics', contentType: 'text/plain', schema: { type: 'string' } },
      401: { description: 'METRICS_TOKEN is set and the request does not carry it', ...serviceError },
      404: { description: 'Production without METRICS_TOKEN: the route is not there', ...serviceError },
    },
  };
  documented(router, { tag: 'Metrics', security: ['metricsToken'] }).get('/metrics', spec, async (ctx) => {
    if (options.token !== undefined) {
      if (!bearerMatches(ctx, options.token)) throw new HttpError(401, 'Unauthorized');
    } else if (options.isProduction) {
      throw new RouteNotFoundError(ctx.method, ctx.path);
    }
    const text = await options.exposition.render();
    ctx.set({ 'Content-Type': options.exposition.contentType, 'Cache-Control': 'no-store' });
    ctx.body = text;
  });
  return router;
}

/** What a service app is given to measure itself: its metrics and the `METRICS_TOKEN` of its route. */
export interface AppMetrics {
  readonly service: ServiceMetrics;
  readonly token: string | undefined;
}

/** The `/metrics` route of a service whose metrics are on (there is an exposition to serve); none otherwise. */
export function metricsRoutesOf(metrics: AppMetrics | undefined, isProduction: boolean, prefix?: string): Router[] {
  const exposition = metrics?.service.exposition;
  if (metrics === undefined || exposition === undefined) return [];
  return [
    metricsRoutes({ exposition, token: metrics.token, isProduction, ...(prefix === undefined ? {} : { prefix }) }),
  ];
}
