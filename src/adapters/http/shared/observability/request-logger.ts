import type { Middleware } from 'koa';
import type { Logger } from '../../../system/logger';
import { logMaskingOf } from './log-masking';

/**
 * One line per request: method, path (without the query string, which may carry tokens), status,
 * duration and request id. Headers and bodies are never logged.
 *
 * `quietPaths` (probes and metrics scrapes) are logged at `debug` when they succeed: an orchestrator
 * and Prometheus call them every few seconds, and at `info` they would drown the requests worth
 * reading. A probe or scrape that fails (4xx, 5xx) is logged at `info` like any request.
 *
 * The line is written by a child logger without redaction: its fields are the scalars above, chosen
 * here, so the redaction paths (credential keys inside logged objects) can never match in it, and
 * walking them costs about four times the rest of the line (bench:metrics). Every other log line keeps
 * the redaction; the service name is bound once instead of serialized per request.
 */
export function requestLogger(logger: Logger, service: string, quietPaths: readonly string[] = []): Middleware {
  const requestLog = logger.child({ service }, { redact: [] });
  const quiet = new Set(quietPaths);
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const level = ctx.status < 400 && quiet.has(ctx.path) ? 'debug' : 'info';
      if (requestLog.isLevelEnabled(level)) {
        requestLog[level](
          {
            requestId: ctx.state.requestId,
            method: ctx.method,
            // CONTRACT 12.1: a refused request's path may name a personal value (a CPF where an id
            // goes, an unknown route); an answered one is a route's literal segments and UUIDs.
            path: ctx.status < 400 ? ctx.path : logMaskingOf(ctx).path,
            status: ctx.status,
            durationMs: Math.round((performance.now() - started) * 100) / 100,
          },
          'request',
        );
      }
    }
  };
}
