import type { Context, Middleware } from 'koa';
import { isTrustedOrigin, originOf, type BrowserOrigins } from './browser-origins';
import { HttpError } from '../errors/http-error';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface CsrfOptions extends BrowserOrigins {
  /** The cookies that authenticate a request on this service (sales: access and refresh token; hub: refresh token). */
  readonly sessionCookies: readonly string[];
}

type Verdict = 'trusted' | 'refused' | 'not-a-browser';

/**
 * CONTRACT 9.3 CSRF: the browser says where a request comes from in `Origin`, else `Referer`, else
 * `Sec-Fetch-Site`. One of those naming another site (or an unreadable one) is refused; none of the
 * three is a script, the CLI or a server, which no other site can make send the victim's cookies.
 */
function judge(ctx: Context, options: CsrfOptions): Verdict {
  const origin = ctx.get('origin');
  if (origin !== '') return isTrustedOrigin(ctx, options, origin) ? 'trusted' : 'refused';
  const referer = ctx.get('referer');
  if (referer !== '') {
    const refererOrigin = originOf(referer);
    return refererOrigin !== undefined && isTrustedOrigin(ctx, options, refererOrigin) ? 'trusted' : 'refused';
  }
  const site = ctx.get('sec-fetch-site');
  if (site !== '') return site === 'same-origin' ? 'trusted' : 'refused';
  return 'not-a-browser';
}

/**
 * Only unsafe requests carrying a session cookie are judged. A request with a credential header
 * (Bearer, X-API-KEY) is left alone: another site's form or simple request cannot set those headers,
 * and a script on another origin cannot send them without a preflight that CORS_ORIGINS answers.
 */
function isCookieAuthenticated(ctx: Context, sessionCookies: readonly string[]): boolean {
  if (ctx.get('authorization') !== '' || ctx.get('x-api-key') !== '') return false;
  return sessionCookies.some((name) => (ctx.cookies.get(name) ?? '') !== '');
}

/** Runs inside the error handler (403 in the service's error format) and before any work: no effect. */
export function csrfGuard(options: CsrfOptions): Middleware {
  return async (ctx, next) => {
    if (
      UNSAFE_METHODS.has(ctx.method) &&
      isCookieAuthenticated(ctx, options.sessionCookies) &&
      judge(ctx, options) === 'refused'
    ) {
      // Refused before any work: the sales event log counts it rather than logging it (CONTRACT 9.5).
      ctx.state.refusedCrossSite = true;
      throw new HttpError(403, 'Forbidden - cross-site request refused', { keepMessageInProduction: true });
    }
    await next();
  };
}
