import type Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import type { ApiEventRecorder } from '../../../application/sales-identity/ports';
import type { Clock, IdGenerator } from '../../../application/shared/ports';
import type { RefusalStatus } from '../../../domain/sales-identity/api-event';
import { clientIp } from '../shared/security/client-ip';
import { exemptPathMatcher } from '../shared/exempt-paths';
import { logMaskingOf } from '../shared/observability/log-masking';
import { routePatternOf, UNMATCHED_ROUTE } from '../shared/observability/request-metrics';
import { auditedUserId, currentIdentity } from './request-identity';

/** What the error handler (or the limiter) leaves on `ctx.state.errorOutcome` for the event log. */
export interface RecordedError {
  readonly internalCode?: string;
  readonly detailMessages?: readonly string[];
}

export interface ApiEventLogOptions {
  readonly recorder: ApiEventRecorder;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly trustProxy: number;
  /**
   * Paths never written to the log (probes, metrics, documentation; `/x/` is a prefix); OPTIONS requests never are
   * either.
   */
  readonly exemptPaths?: readonly string[];
  /** The app's routers: a refused request is counted under the route pattern they match. */
  readonly routers?: readonly Router[];
}

/** The path a refused request no route declares is counted under (random URLs share it, like the limiter's counter). */
export const UNMATCHED_PATH = '(unmatched)';

/**
 * CONTRACT 9.5: refused before any work, so counted rather than logged: the 401 of a credential
 * guard (no valid credential; the guard marks it), the 403 of the CSRF check (it marks it), the
 * limiter's 429, or the 503 of a saturated resource (the error handler marks it; a 503 of a
 * database fault is logged like any failure). The auth routes' own 401s (a wrong password, a
 * revoked refresh token, a dead reset token) come after work and are logged one by one: their
 * request ids stay findable, and the spec's limiter bounds them per address.
 */
function refusalStatusOf(ctx: Context): RefusalStatus | undefined {
  const status = ctx.status;
  if (status === 429) return status;
  if (status === 401 && ctx.state.refusedWithoutCredential === true) return status;
  if (status === 403 && ctx.state.refusedCrossSite === true) return status;
  if (status === 503 && ctx.state.refusedAtCapacity === true) return status;
  return undefined;
}

/**
 * One API event per request, taken outside the error handler so it sees the final status. Only
 * method, path (no query string), status, timing, user id and IP are kept: never headers, cookies
 * or bodies, so no credential can reach the log. Probes, metrics and OPTIONS requests are not
 * recorded (CONTRACT 9.2): an orchestrator's probes would fill the log with nothing worth auditing.
 *
 * A request refused before any work is not an entry of its own but adds to the count of its client
 * IP (the address the limiter uses: the same TRUST_PROXY reading), route pattern, status and minute
 * (CONTRACT 9.5), so a flood costs the log one entry per key and minute, not one per request. The
 * route pattern rather than the raw path keeps the keys a bounded set.
 */
export function apiEventLog(options: ApiEventLogOptions): Middleware {
  const isExempt = exemptPathMatcher(options.exemptPaths ?? []);
  const routers = options.routers ?? [];
  return async (ctx: Context, next: Next) => {
    if (ctx.method === 'OPTIONS' || isExempt(ctx.path)) {
      await next();
      return;
    }
    const started = performance.now();
    try {
      await next();
    } finally {
      feedEventLog(ctx, options, routers, started);
    }
  };
}

/** Hands the finished request to the recorder: an entry of its own, or a count of refused requests. */
function feedEventLog(ctx: Context, options: ApiEventLogOptions, routers: readonly Router[], started: number): void {
  const error = ctx.state.errorOutcome as RecordedError | undefined;
  const identity = currentIdentity(ctx);
  const userId = identity?.id ?? auditedUserId(ctx);
  const refusal = userId === undefined ? refusalStatusOf(ctx) : undefined;
  const requestId = String(ctx.state.requestId ?? '');
  const durationMs = Math.round((performance.now() - started) * 100) / 100;
  const ip = clientIp({ headers: ctx.headers, socketAddress: ctx.socket.remoteAddress }, options.trustProxy);
  const at = options.clock.now();
  // CONTRACT 12.1: the path and the messages are stored masked (the answer may name a personal value
  // the client sent; the log never keeps it).
  const masking = logMaskingOf(ctx);
  const errorMessages = error?.detailMessages?.map(masking.text);
  if (refusal === undefined) {
    options.recorder.record({
      id: options.ids.next(),
      requestId,
      method: ctx.method,
      path: masking.path,
      status: ctx.status,
      durationMs,
      userId,
      ip,
      at,
      errorCode: error?.internalCode,
      errorMessages,
    });
    return;
  }
  const pattern = routePatternOf(ctx, routers);
  options.recorder.countRefused({
    requestId,
    method: ctx.method,
    path: pattern === UNMATCHED_ROUTE ? UNMATCHED_PATH : pattern,
    status: refusal,
    durationMs,
    ip,
    at,
    errorCode: error?.internalCode,
    errorMessages,
  });
}
