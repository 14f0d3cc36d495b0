import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import type { Context, Middleware } from 'koa';
import type { GetWebhookSettings } from '../../../../../application/hub-leads/get-webhook-settings';
import type { ReceiveCrmEvent } from '../../../../../application/hub-leads/receive-crm-event';
import type { ReceiveLeadForm } from '../../../../../application/hub-leads/receive-lead-form';
import type { LeadProvider } from '../../../../../domain/hub-leads/lead';
import type { WebhookEventMetrics, WebhookOutcome } from '../../../../metrics/metrics';
import type { Logger } from '../../../../system/logger';
import { HttpError } from '../../../shared/errors/http-error';
import { documented } from '../../../shared/openapi/documented-router';
import { RETRY_AFTER } from '../../../shared/openapi/response-headers';
import { CRM_EVENT_SCHEMA, decodeCrmEvent } from './crm-event-codec';
import { HUB_PREFIX } from '../../hub-prefix';
import { hubHttpError } from '../../hub-error-mapping';
import { hubError } from '../../hub-openapi';
import { decodeLeadForm, LEAD_FORM_SCHEMA } from './lead-form-codec';
import type { OrganizationRateLimit } from '../../organization-rate-limit';
import { rawBodyOf, verifiedWebhook, verifiedWebhookOf } from './verified-webhook';
import {
  LeadFormAnswer,
  leadFormAnswer,
  ProcessedAnswer,
  processedAnswer,
  SkippedCrmEventAnswer,
} from './webhook-answers';

export interface WebhookRoutesDeps {
  readonly settings: GetWebhookSettings;
  readonly crm: ReceiveCrmEvent;
  readonly leadForm: ReceiveLeadForm;
  readonly organizationLimit: OrganizationRateLimit;
  readonly logger: Logger;
  /** Counts every webhook that reaches its route by provider and outcome (CONTRACT 9.2). */
  readonly metrics?: WebhookEventMetrics;
}

/** Answers both webhooks share (spec part 4: organization, signature, limit, payload, in this order). */
const WEBHOOK_RESPONSES = {
  400: hubError('`Validation error` with `details`, or `Invalid JSON body`'),
  404: hubError('`Not found`: no such organization'),
  429: {
    ...hubError(
      "`Too many requests` (this IP, with Retry-After) or `Rate limit exceeded` (the organization's 30 per minute)",
    ),
    headers: RETRY_AFTER,
  },
};

const validation = (details: Record<string, string[]>) => new HttpError(400, 'Validation error', { details });

/** The payload (400) after the organization, signature and limit checks of verified-webhook.ts. */
function jsonBodyOf(ctx: Context): unknown {
  if (typeof ctx.request.rawBody !== 'string')
    throw new HttpError(400, 'Invalid JSON body', { details: { body: ['Content-Type must be application/json'] } });
  return ctx.request.body;
}

/** A 200 that changed nothing (the handler says so); any other 200 processed the webhook. */
const skipped = (ctx: Context): void => {
  ctx.state.webhookOutcome = 'skipped' satisfies WebhookOutcome;
};

/** Why a webhook was refused, from the error its route threw (statuses of spec part 4 and CONTRACT 6). */
function refusal(error: unknown): WebhookOutcome {
  switch (error instanceof HttpError ? error.status : undefined) {
    case 400:
    case 413:
    case 415:
      return 'invalid_payload';
    case 401:
      return 'bad_signature';
    case 404:
      return 'unknown_organization';
    case 429:
      return 'rate_limited';
    case 502:
      return 'provider_failed';
    default:
      return 'error';
  }
}

/** First on each webhook route: counts the webhook once its answer is known. */
function countedWebhook(provider: LeadProvider, metrics: WebhookEventMetrics | undefined): Middleware {
  return async (ctx, next) => {
    if (metrics === undefined) return next();
    try {
      await next();
    } catch (error) {
      metrics.webhookEvent(provider, refusal(error));
      throw error;
    }
    metrics.webhookEvent(provider, (ctx.state.webhookOutcome as WebhookOutcome | undefined) ?? 'processed');
  };
}

const crmSpec = {
  summary: 'A CRM provider event: creates or updates the lead of the card',
  pathParameters: { orgId: 'The organization the webhook belongs to' },
  parameters: [
    {
      name: 'X-Crm-Signature',
      in: 'header' as const,
      description: 'HMAC-SHA256 of the body, required when the organization has a webhook secret',
      schema: { type: 'string' },
    },
  ],
  bodySchema: CRM_EVENT_SCHEMA,
  responses: {
    200: {
      description: 'Processed, or skipped (an action the hub does not know)',
      body: t.union([ProcessedAnswer, SkippedCrmEventAnswer]),
    },
    401: hubError('`Invalid signature`'),
    502: hubError('`No credential set found for provider` or `Provider fetch failed`'),
  },
};
const leadFormSpec = {
  summary: 'A lead-form submission: creates or updates the lead when an active template matches',
  pathParameters: { orgId: 'The organization the webhook belongs to' },
  parameters: [
    {
      name: 'X-Webhook-Signature',
      in: 'header' as const,
      description: 'HMAC-SHA256 of the body, when the organization has a webhook secret',
      schema: { type: 'string' },
    },
    {
      name: 'X-Hub-Signature-256',
      in: 'header' as const,
      description: 'The same, as GitHub-style senders name it',
      schema: { type: 'string' },
    },
  ],
  bodySchema: LEAD_FORM_SCHEMA,
  responses: {
    200: { description: 'Processed, no active template, or outside business hours', body: LeadFormAnswer },
    401: hubError('`Missing webhook signature` or `Invalid webhook signature`'),
  },
};

/** Spec part 4 (inbound webhooks) and CONTRACT 6. */
export function webhookRoutes(deps: WebhookRoutesDeps): Router {
  const router = new Router({ prefix: `${HUB_PREFIX}/webhooks/:orgId` });
  const api = documented(router, { tag: 'Webhooks', security: [], responses: WEBHOOK_RESPONSES });

  api.post(
    '/crm/crmprovider',
    crmSpec,
    countedWebhook('crmprovider', deps.metrics),
    verifiedWebhook(deps.settings, 'crmprovider', deps.organizationLimit),
    async (ctx) => {
      const { orgId } = verifiedWebhookOf(ctx);
      const delivery = decodeCrmEvent(jsonBodyOf(ctx));
      if (E.isLeft(delivery)) throw validation(delivery.left);
      if (delivery.right.kind === 'unrecognized') {
        skipped(ctx);
        ctx.body = { ok: true, skipped: 'unrecognized event' };
        return;
      }
      const result = await deps.crm.execute({ orgId, event: delivery.right.event, rawBody: rawBodyOf(ctx) });
      if (E.isLeft(result)) {
        if (result.left._tag === 'ProviderFetchFailed')
          deps.logger.warn({ orgId, reason: result.left.reason }, 'crm provider fetch failed');
        throw hubHttpError(result.left);
      }
      ctx.body = processedAnswer(result.right);
    },
  );

  api.post(
    '/leadprovider',
    leadFormSpec,
    countedWebhook('leadprovider', deps.metrics),
    verifiedWebhook(deps.settings, 'leadprovider', deps.organizationLimit),
    async (ctx) => {
      const { orgId, settings } = verifiedWebhookOf(ctx);
      const form = decodeLeadForm(jsonBodyOf(ctx));
      if (E.isLeft(form)) throw validation(form.left);
      const outcome = await deps.leadForm.execute({ orgId, settings, form: form.right, rawBody: rawBodyOf(ctx) });
      if (outcome.kind !== 'processed') skipped(ctx);
      ctx.body = leadFormAnswer(outcome);
    },
  );

  return router;
}
