import type { Context, Middleware } from 'koa';
import type { Clock } from '../../../application/shared/ports';
import { HttpError } from '../shared/errors/http-error';
import type { HubAccessTokens, HubAuth } from './hub-access-tokens';

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;

/**
 * Spec part 5.1/5.2: `Authorization: Bearer <access token>`, signature, expiry, service (CONTRACT 11.1)
 * and session (ended sessions are refused, CONTRACT 11.2) checked; the auth context goes to
 * `ctx.state.hubAuth`. A refresh token (a UUID, not a JWT) fails verification like any other non-token.
 */
export function accessTokenGuard(tokens: HubAccessTokens, clock: Clock): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('authorization');
    if (header === '') throw new HttpError(401, 'Missing authorization header');
    const token = BEARER.exec(header)?.[1];
    const auth = token === undefined ? undefined : await tokens.authenticate(token, clock.now());
    if (auth === undefined) throw new HttpError(401, 'Invalid or expired token');
    ctx.state.hubAuth = auth;
    await next();
  };
}

/** The auth context the guard put on the request; a route without the guard is a programming error. */
export function hubAuthOf(ctx: Context): HubAuth {
  const auth = ctx.state.hubAuth as HubAuth | undefined;
  if (auth === undefined) throw new Error('route is missing the access-token guard');
  return auth;
}
