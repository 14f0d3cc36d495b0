import Koa, { type Context, type Middleware } from 'koa';
import type Router from '@koa/router';
import { CapacityExceededError } from '../../../application/shared/capacity-exceeded-error';
import type { RequestMetrics } from '../../metrics/metrics';
import type { Logger } from '../../system/logger';
import { admission, holdConnection } from './admission';
import { cors } from './security/cors';
import { csrfGuard, type CsrfOptions } from './security/csrf';
import { HttpError, RouteNotFoundError } from './errors/http-error';
import { jsonBody } from './decoding/json-body';
import { buildOpenApiDocument, type OpenApiDocument, type ServiceApi } from './openapi/openapi-document';
import { openApiRoutes } from './openapi/openapi-routes';
import { requestId } from './observability/request-id';
import { logMaskingOf } from './observability/log-masking';
import { requestLogger } from './observability/request-logger';
import { requestMetrics } from './observability/request-metrics';
import { securityHeaders } from './security/security-headers';
import { traceRoute } from './observability/trace-route';

export interface ErrorOutcome {
  readonly status: number;
  readonly body: object;
  readonly headers: Readonly<Record<string, string>>;
  readonly internalCode?: string;
  /** The detailed messages a production response may hide (kept for the sales API event log). */
  readonly detailMessages?: readonly string[];
}

export interface BaseAppOptions {
  readonly service: 'sales' | 'hub';
  readonly logger: Logger;
  readonly routers: readonly Router[];
  /** The service's own error format: one exhaustive mapping per service. */
  readonly formatError: (error: unknown, ctx: Context) => ErrorOutcome;
  /** Run outside the error handler, so they see the final status (sales: the API event log). */
  readonly outerMiddleware?: readonly Middleware[];
  /** Run inside the error handler, before the body is parsed (sales: the rate limiter). */
  readonly innerMiddleware?: readonly Middleware[];
  /** CONTRACT 9.3: CORS_ORIGINS and the CSRF check of cookie-authenticated unsafe requests; absent: neither. */
  readonly browser?: CsrfOptions;
  /** CONTRACT 9.1: the service's part of its OpenAPI document (served with the docs page under its base path). */
  readonly openApi: ServiceApi;
  /** Probes and the metrics route: their successful requests are logged at debug (request-logger.ts). */
  readonly quietPaths?: readonly string[];
  /** CONTRACT 9.2: every request's duration by method, route pattern and status; absent: not measured. */
  readonly requestMetrics?: RequestMetrics;
  /** CONTRACT 11.5: production answers also carry Strict-Transport-Security. */
  readonly isProduction: boolean;
}

const documents = new WeakMap<Koa, OpenApiDocument>();

/**
 * CONTRACT 12.1: a rejection is logged with its message masked (log-masking.ts), or with the message
 * its error chose for the logs when the answer echoes free text no shape recognizes.
 */
function loggedReasonOf(error: unknown): string {
  if (error instanceof HttpError) return error.options.logMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/** The OpenAPI document an app serves, built from the routes it mounts (the tests check responses against it). */
export function openApiDocumentOf(app: Koa): OpenApiDocument | undefined {
  return documents.get(app);
}

/**
 * The middleware chain both services share: the security headers (CONTRACT 11.5), request id, request log, request
 * metrics, CORS (answers
 * OPTIONS), the outer middleware, the service's error handler, the CSRF check, the inner middleware, admission
 * (routes whose bounded resource is saturated are refused before their body is read), JSON body
 * parsing (1 MiB), the routes, and a 404 for anything unmatched.
 *
 * CORS sits before the outer middleware so a preflight never reaches the API event log, the rate
 * limiter or a guard, and so its headers are on every later answer, errors included. The CSRF check
 * sits inside the error handler (its 403 is in the service's format) and before the rate limiter and
 * the body parser: a forged request does no work and does not spend the victim's rate limit.
 */
export function buildBaseApp(options: BaseAppOptions): Koa {
  const { logger, service } = options;
  const app = new Koa();
  const routers = [...options.routers, openApiRoutes(options.openApi.basePath, () => document)];
  const document = buildOpenApiDocument(options.openApi, routers);
  documents.set(app, document);
  app.use(securityHeaders(options.isProduction));
  const traced = traceRoute(service, routers);
  if (traced !== undefined) app.use(traced);
  app.use(requestId());
  app.use(requestLogger(logger, service, options.quietPaths));
  if (options.requestMetrics !== undefined) app.use(requestMetrics(options.requestMetrics, options.routers));
  if (options.browser !== undefined) app.use(cors(options.browser));
  for (const middleware of options.outerMiddleware ?? []) app.use(middleware);
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const outcome = options.formatError(error, ctx);
      ctx.state.errorOutcome = outcome;
      const entry = { service, requestId: ctx.state.requestId, status: outcome.status, code: outcome.internalCode };
      // Shedding load is the service working as intended (CONTRACT 9.5): logged like a rejection,
      // without a stack per refused request.
      if (error instanceof CapacityExceededError) {
        holdConnection(ctx, error.retryAfterSeconds);
        // Refused before any work: the sales event log counts it rather than logging it (CONTRACT 9.5).
        ctx.state.refusedAtCapacity = true;
      }
      if (outcome.status >= 500 && !(error instanceof CapacityExceededError))
        logger.error({ ...entry, err: error }, 'request failed');
      else logger.info({ ...entry, reason: logMaskingOf(ctx).text(loggedReasonOf(error)) }, 'request rejected');
      ctx.status = outcome.status;
      ctx.set(outcome.headers);
      ctx.body = outcome.body;
    }
  });
  if (options.browser !== undefined) app.use(csrfGuard(options.browser));
  for (const middleware of options.innerMiddleware ?? []) app.use(middleware);
  app.use(admission(options.routers));
  app.use(jsonBody());
  for (const router of routers) app.use(router.routes());
  app.use((ctx) => {
    throw new RouteNotFoundError(ctx.method, ctx.path);
  });
  // Errors outside the chain (e.g. a client that hangs up mid-response) are logged, not printed.
  app.silent = true;
  app.on('error', (error: unknown) => logger.warn({ service, err: error }, 'http server error'));
  return app;
}
