import type { Middleware } from 'koa';
import type { Logger } from '../../system/logger';

/**
 * One line per request: method, path (without the query string, which may carry tokens), status,
 * duration and request id. Headers and bodies are never logged.
 */
export function requestLogger(logger: Logger, service: string): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        {
          service,
          requestId: ctx.state.requestId,
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          durationMs: Math.round(durationMs * 100) / 100,
        },
        'request',
      );
    }
  };
}
