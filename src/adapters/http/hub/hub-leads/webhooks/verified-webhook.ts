import * as E from 'fp-ts/Either';
import type { Context, Middleware } from 'koa';
import type { GetWebhookSettings } from '../../../../../application/hub-leads/get-webhook-settings';
import type { LeadProvider } from '../../../../../domain/hub-leads/lead';
import type { WebhookSettings } from '../../../../../domain/hub-leads/webhook-settings';
import { hmacSignatureMatches } from '../../../../crypto/hmac-signature';
import { HttpError } from '../../../shared/errors/http-error';
import { hubHttpError } from '../../hub-error-mapping';
import type { OrganizationRateLimit } from '../../organization-rate-limit';

/** Where each provider puts its signature and what a missing or wrong one answers (spec part 4 and 5.7). */
interface SignatureScheme {
  readonly headers: readonly string[];
  readonly missing: string;
  readonly invalid: string;
}

const SCHEMES: Readonly<Record<LeadProvider, SignatureScheme>> = {
  crmprovider: { headers: ['x-crm-signature'], missing: 'Invalid signature', invalid: 'Invalid signature' },
  leadprovider: {
    headers: ['x-webhook-signature', 'x-hub-signature-256'],
    missing: 'Missing webhook signature',
    invalid: 'Invalid webhook signature',
  },
};

export interface VerifiedWebhook {
  readonly orgId: string;
  readonly settings: WebhookSettings;
}

/**
 * Spec part 4, 5.7 and 8, in this order: the organization (404), the signature when it has a
 * secret (401), then its limit (429, counted only for verified requests so unsigned garbage cannot
 * spend a tenant's budget). The IP limiter runs before all of it (ip-rate-limit.ts).
 */
export function verifiedWebhook(
  settingsOf: GetWebhookSettings,
  provider: LeadProvider,
  organizationLimit: OrganizationRateLimit,
): Middleware {
  const scheme = SCHEMES[provider];
  return async (ctx, next) => {
    const orgId = ctx.params.orgId ?? '';
    const settings = await settingsOf.execute({ orgId });
    if (E.isLeft(settings)) throw hubHttpError(settings.left);
    const secret = settings.right.webhookSecret;
    if (secret !== undefined) {
      const presented = scheme.headers.map((name) => ctx.get(name)).find((value) => value !== '') ?? '';
      if (presented === '') throw new HttpError(401, scheme.missing);
      if (!hmacSignatureMatches(secret, rawBodyOf(ctx), presented)) throw new HttpError(401, scheme.invalid);
    }
    await organizationLimit(ctx, provider, orgId);
    ctx.state.webhook = { orgId, settings: settings.right } satisfies VerifiedWebhook;
    await next();
  };
}

/** The webhook the middleware verified; a route without it is a programming error. */
export function verifiedWebhookOf(ctx: Context): VerifiedWebhook {
  const webhook = ctx.state.webhook as VerifiedWebhook | undefined;
  if (webhook === undefined) throw new Error('route is missing the verified-webhook middleware');
  return webhook;
}

/** The exact text received (JSON is UTF-8): what the sender signed. */
export const rawBodyOf = (ctx: Context): string => (typeof ctx.request.rawBody === 'string' ? ctx.request.rawBody : '');
