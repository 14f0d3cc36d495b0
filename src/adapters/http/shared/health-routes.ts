import Router from '@koa/router';
import type { ReadinessCheck } from '../../../application/shared/ports';
import type { Logger } from '../../system/logger';

export const READINESS_TIMEOUT_MS = 2_000;

/**
 * `GET /healthz`: the process is alive (no I/O). `GET /readyz`: every dependency answers a ping
 * within the timeout; otherwise 503 naming the failing ones (the reason goes to the log only).
 */
export function healthRoutes(checks: readonly ReadinessCheck[], logger: Logger, prefix = ''): Router {
  const router = new Router(prefix === '' ? {} : { prefix });
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    const results = await Promise.all(
      checks.map(async (check) => {
        try {
          await withTimeout(check.check(), READINESS_TIMEOUT_MS, `${check.name} did not answer`);
          return [check.name, 'up'] as const;
        } catch (error) {
          logger.warn({ check: check.name, err: error }, 'readiness check failed');
          return [check.name, 'down'] as const;
        }
      }),
    );
    const ready = results.every(([, state]) => state === 'up');
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'unavailable', checks: Object.fromEntries(results) };
  });
  return router;
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
