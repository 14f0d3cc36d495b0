import * as E from 'fp-ts/Either';
import type { Context, Middleware, Next } from 'koa';
import type { AuthenticateAccessToken } from '../../../application/sales-identity/authenticate-access-token';
import type { AuthenticateApiKey } from '../../../application/sales-identity/authenticate-api-key';
import type { SalesRole } from '../../../domain/sales-identity/role';
import type { SalesIdentity } from '../../../domain/sales-identity/sales-user';
import { HttpError } from '../shared/errors/http-error';
import { ACCESS_TOKEN_COOKIE, apiKeyHeader, bearerToken, cookieValue } from './credentials';
import { currentIdentity, setIdentity } from './request-identity';

export interface GuardDeps {
  readonly authenticateAccessToken: AuthenticateAccessToken;
  readonly authenticateApiKey: AuthenticateApiKey;
}

/**
 * A guard's 401 is a request refused before any work: marked so the event log counts it rather than
 * logging it (CONTRACT 9.5). Other 401s (the auth routes', after hashing or a token lookup) are not.
 */
function unauthorized(ctx: Context, message: string): HttpError {
  ctx.state.refusedWithoutCredential = true;
  return new HttpError(401, message);
}

async function jwtIdentity(ctx: Context, deps: GuardDeps): Promise<SalesIdentity | undefined> {
  // The cookie first, then the Bearer header: the same token is accepted in either (spec 5 rule 8).
  for (const token of [cookieValue(ctx, ACCESS_TOKEN_COOKIE), bearerToken(ctx)]) {
    if (token === undefined) continue;
    const result = await deps.authenticateAccessToken.execute({ token });
    if (E.isRight(result)) return result.right;
  }
  return undefined;
}

async function apiKeyIdentity(key: string | undefined, deps: GuardDeps): Promise<SalesIdentity | undefined> {
  if (key === undefined) return undefined;
  const result = await deps.authenticateApiKey.execute({ key });
  return E.isRight(result) ? result.right : undefined;
}

/**
 * Spec part 5: a valid JWT (cookie or Bearer) wins and the API key is ignored; an absent or invalid
 * JWT falls through to the x-api-key header; neither gives 401.
 */
export function combinedGuard(deps: GuardDeps): Middleware {
  return async (ctx: Context, next: Next) => {
    const identity = (await jwtIdentity(ctx, deps)) ?? (await apiKeyIdentity(apiKeyHeader(ctx), deps));
    if (identity === undefined) throw unauthorized(ctx, 'Unauthorized - valid access token or API key required');
    setIdentity(ctx, identity);
    await next();
  };
}

/** Only a JWT (cookie or Bearer): an API key cannot manage API keys. */
export function accessTokenGuard(deps: GuardDeps): Middleware {
  return async (ctx: Context, next: Next) => {
    const identity = await jwtIdentity(ctx, deps);
    if (identity === undefined) throw unauthorized(ctx, 'Unauthorized - valid access token required');
    setIdentity(ctx, identity);
    await next();
  };
}

/** Spec part 5 rule 4 (SDR endpoints): only an API key, in X-API-KEY or as `Authorization: Bearer <key>`. */
export function apiKeyGuard(deps: GuardDeps): Middleware {
  return async (ctx: Context, next: Next) => {
    const key = apiKeyHeader(ctx) ?? bearerToken(ctx);
    if (key === undefined) throw unauthorized(ctx, 'API key is required');
    const identity = await apiKeyIdentity(key, deps);
    if (identity === undefined) throw unauthorized(ctx, 'Invalid API key');
    setIdentity(ctx, identity);
    await next();
  };
}

/** After an authentication guard: 403 unless the identity has one of `roles`. */
export function roleGuard(...roles: readonly SalesRole[]): Middleware {
  return async (ctx: Context, next: Next) => {
    const identity = currentIdentity(ctx);
    if (identity === undefined) throw unauthorized(ctx, 'Unauthorized');
    if (!roles.includes(identity.role)) throw new HttpError(403, 'Forbidden - Insufficient permissions');
    await next();
  };
}
