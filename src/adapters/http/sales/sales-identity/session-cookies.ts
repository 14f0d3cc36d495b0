import type { Context } from 'koa';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
} from '../../../../domain/sales-identity/session-lifetimes';
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '../credentials';

export interface CookieSettings {
  readonly isProduction: boolean;
  readonly cookieDomain: string | undefined;
}

/**
 * CONTRACT 3.1 cookie attributes, written as Set-Cookie text ourselves. Koa's `ctx.cookies.set`
 * refuses `secure` on a plain-HTTP request (TLS ends at the proxy in production) unless the app trusts
 * proxy headers, which would also change what `ctx.ip` means; writing the header keeps Secure
 * unconditional in production without that side effect.
 */
function serialize(
  name: string,
  value: string,
  path: string,
  maxAgeSeconds: number,
  now: Date,
  settings: CookieSettings,
): string {
  const expires = maxAgeSeconds > 0 ? new Date(now.getTime() + maxAgeSeconds * 1000) : new Date(0);
  const parts = [
    `${name}=${value}`,
    `Path=${path}`,
    `Expires=${expires.toUTCString()}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
  ];
  if (settings.isProduction) {
    if (settings.cookieDomain !== undefined) parts.push(`Domain=${settings.cookieDomain}`);
    parts.push('Secure', 'SameSite=None');
  } else {
    parts.push('SameSite=Lax');
  }
  return parts.join('; ');
}

export function setAccessCookie(ctx: Context, token: string, now: Date, settings: CookieSettings): void {
  ctx.append('Set-Cookie', serialize(ACCESS_TOKEN_COOKIE, token, '/', ACCESS_TOKEN_TTL_SECONDS, now, settings));
}

export function setRefreshCookie(ctx: Context, token: string, now: Date, settings: CookieSettings): void {
  ctx.append('Set-Cookie', serialize(REFRESH_TOKEN_COOKIE, token, '/auth', REFRESH_TOKEN_TTL_SECONDS, now, settings));
}

/** Same name, path and domain as when set, so the browser replaces (and drops) the same cookies. */
export function clearSessionCookies(ctx: Context, now: Date, settings: CookieSettings): void {
  ctx.append('Set-Cookie', serialize(ACCESS_TOKEN_COOKIE, '', '/', 0, now, settings));
  ctx.append('Set-Cookie', serialize(REFRESH_TOKEN_COOKIE, '', '/auth', 0, now, settings));
}
