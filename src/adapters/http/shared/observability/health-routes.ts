import Router from '@koa/router';
import * as t from 'io-ts';
import type { ReadinessCheck } from '../../../../application/shared/ports';
import type { Logger } from '../../../system/logger';
import { documented } from '../openapi/documented-router';

const Alive = t.type({ status: t.literal('ok') });
const Readiness = t.type({
  status: t.keyof({ ready: null, unavailable: null }),
  checks: t.record(t.string, t.keyof({ up: null, down: null })),
});

export const READINESS_TIMEOUT_MS = 2_000;

/**
 * `GET /healthz`: the process is alive (no I/O). `GET /readyz`: every dependency answers a ping
 * within the timeout; otherwise 503 naming the failing ones (the reason goes to the log only).
 */
export function healthRoutes(checks: readonly ReadinessCheck[], logger: Logger, prefix = ''): Router {
  const router = new Router(prefix === '' ? {} : { prefix });
  const api = documented(router, { tag: 'Probes', security: [] });
  api.get(
    '/healthz',
    { summary: 'Liveness probe (no I/O)', responses: { 200: { description: 'The process is alive', body: Alive } } },
    (ctx) => {
      ctx.body = { status: 'ok' } satisfies t.TypeOf<typeof Alive>;
    },
  );
  const readinessSpec = {
    summary: 'Readiness probe: every dependency answers a ping',
    responses: {
      200: { description: 'Every dependency is up', body: Readiness },
      503: { description: 'A dependency is down (named in `checks`)', body: Readiness },
    },
  };
  api.get('/readyz', readinessSpec, async (ctx) => {
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
    ctx.body = { status: ready ? 'ready' : 'unavailable', checks: Object.fromEntries(results) } satisfies t.TypeOf<
      typeof Readiness
    >;
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
