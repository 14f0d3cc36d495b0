import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import type { Context } from 'koa';
import type { ReceiveCrmEvent } from '../../../application/hub-leads/receive-crm-event';
import type { ReceiveLeadForm } from '../../../application/hub-leads/receive-lead-form';
import type { WebhookSettingsRepository } from '../../../application/hub-leads/ports';
import { normalizeCrmEvent } from '../../../domain/hub-leads/crm-event';
import { normalizeLeadForm } from '../../../domain/hub-leads/lead-form';
import type { WebhookSettings } from '../../../domain/hub-leads/webhook-settings';
import type { Logger } from '../../system/logger';
import { hmacSignatureMatches } from '../../crypto/hmac-signature';
import { HttpError } from '../shared/http-error';
import { HUB_PREFIX } from './hub-app';
import { hubHttpError } from './hub-error-mapping';
import type { OrganizationRateLimit } from './organization-rate-limit';

export interface WebhookRoutesDeps {
  readonly settings: WebhookSettingsRepository;
  readonly crm: ReceiveCrmEvent;
  readonly leadForm: ReceiveLeadForm;
  readonly organizationLimit: OrganizationRateLimit;
  readonly logger: Logger;
}

const validation = (details: Record<string, string[]>) => new HttpError(400, 'Validation error', { details });

/**
 * Spec part 4 (inbound webhooks), 5.7 and 8. Order: organization (404), signature (401), the
 * organization's limit (429, counted only for verified requests), payload (400), then the use case.
 * The IP limiter runs before all of it (ip-rate-limit.ts).
 */
export function webhookRoutes(deps: WebhookRoutesDeps): Router {
  const router = new Router({ prefix: `${HUB_PREFIX}/webhooks/:orgId` });

  const organizationOf = async (ctx: Context): Promise<{ orgId: string; settings: WebhookSettings }> => {
    const orgId = ctx.params.orgId ?? '';
    const settings = await deps.settings.find(orgId);
    if (settings === undefined) throw new HttpError(404, 'Not found');
    return { orgId, settings };
  };
  // The exact text received (JSON is UTF-8): what the sender signed.
  const rawBodyOf = (ctx: Context): string => (typeof ctx.request.rawBody === 'string' ? ctx.request.rawBody : '');
  const requireJson = (ctx: Context): void => {
    if (typeof ctx.request.rawBody !== 'string') throw new HttpError(400, 'Invalid JSON body', { details: { body: ['Content-Type must be application/json'] } });
  };

  router.post('/crm/crmprovider', async (ctx) => {
    const { orgId, settings } = await organizationOf(ctx);
    if (settings.webhookSecret !== undefined) {
      const presented = ctx.get('x-crm-signature');
      if (presented === '' || !hmacSignatureMatches(settings.webhookSecret, rawBodyOf(ctx), presented)) throw new HttpError(401, 'Invalid signature');
    }
    await deps.organizationLimit(ctx, 'crmprovider', orgId);
    requireJson(ctx);
    const normalized = normalizeCrmEvent(ctx.request.body);
    if (E.isLeft(normalized)) throw validation(normalized.left);
    if (normalized.right.kind === 'unrecognized') {
      ctx.body = { ok: true, skipped: 'unrecognized event' };
      return;
    }
    const result = await deps.crm.execute({ orgId, event: normalized.right.event, rawBody: rawBodyOf(ctx) });
    if (E.isLeft(result)) {
      if (result.left._tag === 'ProviderFetchFailed') deps.logger.warn({ orgId, reason: result.left.reason }, 'crm provider fetch failed');
      throw hubHttpError(result.left);
    }
    ctx.body = { ok: true, leadId: result.right.leadId, created: result.right.created };
  });

  router.post('/leadprovider', async (ctx) => {
    const { orgId, settings } = await organizationOf(ctx);
    if (settings.webhookSecret !== undefined) {
      const presented = ctx.get('x-webhook-signature') || ctx.get('x-hub-signature-256');
      if (presented === '') throw new HttpError(401, 'Missing webhook signature');
      if (!hmacSignatureMatches(settings.webhookSecret, rawBodyOf(ctx), presented)) throw new HttpError(401, 'Invalid webhook signature');
    }
    await deps.organizationLimit(ctx, 'leadprovider', orgId);
    requireJson(ctx);
    const event = normalizeLeadForm(ctx.request.body);
    if (E.isLeft(event)) throw validation(event.left);
    const result = await deps.leadForm.execute({ orgId, settings, event: event.right, rawBody: rawBodyOf(ctx) });
    // The use case has no expected failure (Left is `never`).
    const outcome = E.isRight(result) ? result.right : result.left;
    switch (outcome.kind) {
      case 'no-template':
        ctx.body = { message: 'No active template' };
        return;
      case 'business-hours':
        ctx.body = { skipped: 'business_hours' };
        return;
      case 'processed':
        ctx.body = { ok: true, leadId: outcome.leadId, created: outcome.created };
        return;
    }
  });

  return router;
}
