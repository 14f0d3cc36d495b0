import type { Middleware } from 'koa';
import type { Logger } from '../../system/logger';

/**
 * One line per request: method, path (without the query string, which may carry tokens), status,
 * duration and request id. Headers and bodies are never logged.
 *
 * The line is written by a child logger without redaction: its fields are the scalars above, chosen
 * here, so the redaction paths (credential keys inside logged objects) can never match in it, and
 * walking them costs about four times the rest of the line (bench:metrics). Every other log line keeps
 * the redaction; the service name is bound once instead of serialized per request.
 */
export function requestLogger(logger: Logger, service: string): Middleware {
  const requestLog = logger.child({ service }, { redact: [] });
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      requestLog.info(
        {
          requestId: ctx.state.requestId,
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          durationMs: Math.round((performance.now() - started) * 100) / 100,
        },
        'request',
      );
    }
  };
}
