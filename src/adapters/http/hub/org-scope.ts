import type { Middleware } from 'koa';
import { HttpError } from '../shared/errors/http-error';
import { hubAuthOf } from './access-token-guard';

/**
 * CONTRACT 5.2: `/orgs/{orgId}/...` of another organization answers 404 `Not found`, exactly as a
 * resource that does not exist, so a token cannot probe which organizations exist.
 */
export function orgScope(): Middleware {
  return async (ctx, next) => {
    const params = ctx.params as Record<string, string | undefined> | undefined;
    if (params?.orgId !== hubAuthOf(ctx).orgId) throw new HttpError(404, 'Not found');
    await next();
  };
}
