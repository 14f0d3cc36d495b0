import type { Middleware } from 'koa';
import { constantTimeEqual } from '../../crypto/crypto-secrets';
import { HttpError } from '../shared/errors/http-error';

/**
 * Spec part 5.5: `Authorization: Bearer <MCP_INTERNAL_SECRET>`, compared in constant time (a
 * different length is a mismatch at once). Missing, malformed or different: 401 `Unauthorized`
 * (CONTRACT 7). No secret configured: 500 `Internal auth not configured`, so a forgotten variable
 * fails loudly instead of opening or silently closing the routes. `x-internal-admin` grants nothing.
 */
export function internalCredentialGuard(secret: string | undefined): Middleware {
  return async (ctx, next) => {
    if (secret === undefined) throw new HttpError(500, 'Internal auth not configured');
    const header = ctx.get('authorization');
    const presented = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
    if (presented === undefined || presented === '' || !constantTimeEqual(presented, secret))
      throw new HttpError(401, 'Unauthorized');
    await next();
  };
}
