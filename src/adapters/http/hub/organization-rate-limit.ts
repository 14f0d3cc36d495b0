import type { Context } from 'koa';
import type { RateLimitStore } from '../../../application/shared/ports';
import type { LeadProvider } from '../../../domain/hub-leads/lead';
import type { RateLimitMetrics } from '../../metrics/metrics';
import { HttpError } from '../shared/errors/http-error';

export interface WebhookRateLimitOptions {
  readonly limit: number;
  readonly windowMs: number;
}

/** Spec part 8: 30 webhook requests per minute per organization and provider. */
export const DEFAULT_WEBHOOK_RATE_LIMIT: WebhookRateLimitOptions = { limit: 30, windowMs: 60_000 };

export type OrganizationRateLimit = (ctx: Context, provider: LeadProvider, orgId: string) => Promise<void>;

/**
 * The per-organization limiter of spec part 8 rule 3, on the shared RateLimitStore (Redis when
 * configured, in memory when it fails). The webhook handler calls it only after the signature
 * verified, so unsigned garbage cannot spend a tenant's budget. Rule 5: its 429 carries no
 * Retry-After and no X-RateLimit-* header, including the one the IP limiter set before it.
 */
export function organizationRateLimit(
  store: RateLimitStore,
  options: WebhookRateLimitOptions = DEFAULT_WEBHOOK_RATE_LIMIT,
  metrics?: RateLimitMetrics,
): OrganizationRateLimit {
  return async (ctx, provider, orgId) => {
    const hit = await store.hit(`webhook:${provider}:${orgId}`, options.windowMs);
    if (hit.count <= options.limit) return;
    for (const name of Object.keys(ctx.response.headers))
      if (name.toLowerCase().startsWith('x-ratelimit-')) ctx.remove(name);
    metrics?.rateLimited('hub_webhook_organization');
    throw new HttpError(429, 'Rate limit exceeded');
  };
}
