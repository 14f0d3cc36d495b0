import type { Context } from 'koa';
import { REFRESH_TOKEN_TTL_SECONDS } from '../../../domain/hub-identity/refresh-token';

export const REFRESH_COOKIE = 'refresh_token';
/** Spec part 5.3: the browser sends the refresh token to the refresh path only. */
const REFRESH_COOKIE_PATH = '/api/v1/auth/refresh';

/**
 * The header is written by hand: Koa's cookie helper refuses `Secure` unless it trusts the proxy to
 * say the connection is HTTPS, and in production the service sits behind a TLS-terminating proxy.
 */
function serialize(value: string, maxAgeSeconds: number, secure: boolean, now: Date): string {
  const expires = new Date(now.getTime() + maxAgeSeconds * 1000).toUTCString();
  const parts = [
    `${REFRESH_COOKIE}=${value}`,
    `Path=${REFRESH_COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    `Expires=${maxAgeSeconds === 0 ? 'Thu, 01 Jan 1970 00:00:00 GMT' : expires}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

export function setRefreshCookie(ctx: Context, token: string, secure: boolean, now: Date): void {
  ctx.append('Set-Cookie', serialize(token, REFRESH_TOKEN_TTL_SECONDS, secure, now));
}

export function clearRefreshCookie(ctx: Context, secure: boolean): void {
  // Max-Age 0 is written with the epoch as its Expires: no clock is needed.
  ctx.append('Set-Cookie', serialize('', 0, secure, new Date(0)));
}

export function refreshCookieOf(ctx: Context): string | undefined {
  const value = ctx.cookies.get(REFRESH_COOKIE);
  return value === undefined || value === '' ? undefined : value;
}
