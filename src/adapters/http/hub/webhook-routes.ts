import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import type { Context } from 'koa';
import type { GetWebhookSettings } from '../../../application/hub-leads/get-webhook-settings';
import type { ReceiveCrmEvent } from '../../../application/hub-leads/receive-crm-event';
import type { ReceiveLeadForm } from '../../../application/hub-leads/receive-lead-form';
import type { Logger } from '../../system/logger';
import { HttpError } from '../shared/http-error';
import { decodeCrmEvent } from './crm-event-codec';
import { HUB_PREFIX } from './hub-prefix';
import { hubHttpError } from './hub-error-mapping';
import { decodeLeadForm } from './lead-form-codec';
import type { OrganizationRateLimit } from './organization-rate-limit';
import { rawBodyOf, verifiedWebhook, verifiedWebhookOf } from './verified-webhook';
import { leadFormAnswer, processedAnswer } from './webhook-answers';

export interface WebhookRoutesDeps {
  readonly settings: GetWebhookSettings;
  readonly crm: ReceiveCrmEvent;
  readonly leadForm: ReceiveLeadForm;
  readonly organizationLimit: OrganizationRateLimit;
  readonly logger: Logger;
}

const validation = (details: Record<string, string[]>) => new HttpError(400, 'Validation error', { details });

/** The payload (400) after the organization, signature and limit checks of verified-webhook.ts. */
function jsonBodyOf(ctx: Context): unknown {
  if (typeof ctx.request.rawBody !== 'string') throw new HttpError(400, 'Invalid JSON body', { details: { body: ['Content-Type must be application/json'] } });
  return ctx.request.body;
}

/** Spec part 4 (inbound webhooks) and CONTRACT 6. */
export function webhookRoutes(deps: WebhookRoutesDeps): Router {
  const router = new Router({ prefix: `${HUB_PREFIX}/webhooks/:orgId` });

  router.post('/crm/crmprovider', verifiedWebhook(deps.settings, 'crmprovider', deps.organizationLimit), async (ctx) => {
    const { orgId } = verifiedWebhookOf(ctx);
    const delivery = decodeCrmEvent(jsonBodyOf(ctx));
    if (E.isLeft(delivery)) throw validation(delivery.left);
    if (delivery.right.kind === 'unrecognized') {
      ctx.body = { ok: true, skipped: 'unrecognized event' };
      return;
    }
    const result = await deps.crm.execute({ orgId, event: delivery.right.event, rawBody: rawBodyOf(ctx) });
    if (E.isLeft(result)) {
      if (result.left._tag === 'ProviderFetchFailed') deps.logger.warn({ orgId, reason: result.left.reason }, 'crm provider fetch failed');
      throw hubHttpError(result.left);
    }
    ctx.body = processedAnswer(result.right);
  });

  router.post('/leadprovider', verifiedWebhook(deps.settings, 'leadprovider', deps.organizationLimit), async (ctx) => {
    const { orgId, settings } = verifiedWebhookOf(ctx);
    const form = decodeLeadForm(jsonBodyOf(ctx));
    if (E.isLeft(form)) throw validation(form.left);
    ctx.body = leadFormAnswer(await deps.leadForm.execute({ orgId, settings, form: form.right, rawBody: rawBodyOf(ctx) }));
  });

  return router;
}
