import type { Middleware } from 'koa';

/**
 * CONTRACT 11.5 (OWASP REST Security cheat sheet): the headers every answer of both services carries,
 * errors, 401, 429 and 503 included. Answers carry personal data and tokens, so no cache may keep
 * them; an API answer is never a page to frame or to sniff into one.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
};

/** In production only: the services sit behind HTTPS there (docs/deployment.md), never in development. */
export const HSTS_HEADER = { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } as const;

export const securityHeaderValues = (isProduction: boolean): Readonly<Record<string, string>> =>
  isProduction ? { ...SECURITY_HEADERS, ...HSTS_HEADER } : SECURITY_HEADERS;

/**
 * Set before anything else runs, so every later answer has them: a route may replace one of its own
 * (the docs page its Content-Security-Policy) and the error handler only adds headers.
 */
export function securityHeaders(isProduction: boolean): Middleware {
  const headers = securityHeaderValues(isProduction);
  return async (ctx, next) => {
    ctx.set(headers);
    await next();
  };
}
