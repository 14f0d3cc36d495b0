import type { Context, Middleware, Next } from 'koa';
import type { ApiEventRecorder } from '../../../application/sales-identity/ports';
import type { Clock, IdGenerator } from '../../../application/shared/ports';
import { clientIp } from '../shared/client-ip';
import { exemptPathMatcher } from '../shared/exempt-paths';
import { currentIdentity } from './request-identity';

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
  /** Paths never written to the log (probes, metrics, documentation; `/x/` is a prefix); OPTIONS requests never are either. */
  readonly exemptPaths?: readonly string[];
}

/**
 * One API event per request, taken outside the error handler so it sees the final status. Only
 * method, path (no query string), status, timing, user id and IP are kept: never headers, cookies
 * or bodies, so no credential can reach the log. Probes, metrics and OPTIONS requests are not
 * recorded (CONTRACT 9.2): an orchestrator's probes would fill the log with nothing worth auditing.
 */
export function apiEventLog(options: ApiEventLogOptions): Middleware {
  const isExempt = exemptPathMatcher(options.exemptPaths ?? []);
  return async (ctx: Context, next: Next) => {
    if (ctx.method === 'OPTIONS' || isExempt(ctx.path)) {
      await next();
      return;
    }
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const error = ctx.state.errorOutcome as RecordedError | undefined;
      options.recorder.record({
        id: options.ids.next(),
        requestId: String(ctx.state.requestId ?? ''),
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        durationMs: Math.round((Number(process.hrtime.bigint() - started) / 1e6) * 100) / 100,
        userId: currentIdentity(ctx)?.id,
        ip: clientIp({ headers: ctx.headers, socketAddress: ctx.socket.remoteAddress }, options.trustProxy),
        at: options.clock.now(),
        errorCode: error?.internalCode,
        errorMessages: error?.detailMessages,
      });
    }
  };
}
