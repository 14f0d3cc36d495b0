import type { Context } from 'koa';

export const ACCESS_TOKEN_COOKIE = 'access_token';
export const REFRESH_TOKEN_COOKIE = 'refresh_token';

/** The value after `Bearer ` in Authorization (scheme case-insensitive), or undefined. */
export function bearerToken(ctx: Context): string | undefined {
  const match = /^Bearer +(\S+) *$/i.exec(ctx.get('authorization'));
  return match?.[1];
}

export function cookieValue(ctx: Context, name: string): string | undefined {
  const value = ctx.cookies.get(name);
  return value === undefined || value === '' ? undefined : value;
}

export function apiKeyHeader(ctx: Context): string | undefined {
  const value = ctx.get('x-api-key').trim();
  return value === '' ? undefined : value;
}
