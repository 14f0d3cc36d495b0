import type { Context } from 'koa';

/** CONTRACT 9.3: which browser origins a service answers with credentials and accepts unsafe cookie requests from. */
export interface BrowserOrigins {
  /** `CORS_ORIGINS`: exact origins of front ends on other origins. */
  readonly corsOrigins: readonly string[];
  /** `PUBLIC_APP_URL`: its origin is the service's own, whatever Host the request carries. */
  readonly publicAppUrl: string;
  /** `TRUST_PROXY`: with N >= 1 hops, the scheme and host come from X-Forwarded-Proto / X-Forwarded-Host. */
  readonly trustProxy: number;
}

export function isCorsOrigin(origins: BrowserOrigins, origin: string): boolean {
  return origins.corsOrigins.includes(origin);
}

/**
 * The origin the request was addressed to, as the service sees it: behind trusted proxies the value a
 * proxy wrote (N hops from the right, the rule of the client IP), else the socket's scheme and Host.
 */
export function requestOrigin(ctx: Context, trustProxy: number): string | undefined {
  const tls = (ctx.req.socket as { encrypted?: boolean }).encrypted === true;
  const scheme = forwarded(ctx, 'x-forwarded-proto', trustProxy) ?? (tls ? 'https' : 'http');
  const host = forwarded(ctx, 'x-forwarded-host', trustProxy) ?? ctx.get('host');
  return host === '' ? undefined : originOf(`${scheme}://${host}`);
}

/** Own origins (the request's and PUBLIC_APP_URL's) and CORS_ORIGINS. */
export function isTrustedOrigin(ctx: Context, origins: BrowserOrigins, origin: string): boolean {
  return (
    origin === requestOrigin(ctx, origins.trustProxy) ||
    origin === originOf(origins.publicAppUrl) ||
    isCorsOrigin(origins, origin)
  );
}

/** `scheme://host[:port]` of an absolute http(s) URL, normalized as a browser writes it; undefined otherwise. */
export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

function forwarded(ctx: Context, header: string, trustProxy: number): string | undefined {
  if (trustProxy <= 0) return undefined;
  const values = ctx
    .get(header)
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
  if (values.length === 0) return undefined;
  return values[values.length - trustProxy] ?? values[0];
}
