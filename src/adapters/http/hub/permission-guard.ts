import type { Middleware } from 'koa';
import { HttpError } from '../shared/errors/http-error';
import { hubAuthOf } from './access-token-guard';

/** Spec part 5.6: 403 `{error: "Insufficient permissions", required}` when the token lacks it. */
export function requirePermission(permission: string): Middleware {
  return async (ctx, next) => {
    if (!hubAuthOf(ctx).permissions.includes(permission)) {
      throw new HttpError(403, 'Insufficient permissions', { extra: { required: permission } });
    }
    await next();
  };
}
