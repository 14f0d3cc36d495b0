import Router from '@koa/router';
import * as t from 'io-ts';
import type { ExecuteAssistant } from '../../../../application/assistant/execute-assistant';
import { documented } from '../../shared/openapi/documented-router';
import { AiExecuteBody, decodeAiExecute } from './chat-session-codecs';
import { chatMessageBody, ChatMessageView } from './chat-session-views';
import { combinedGuard, type GuardDeps } from '../guards';
import { requireIdentity } from '../request-identity';
import { orHttpError } from '../sales-error-mapping';
import { salesError, SALES_SECURITY } from '../sales-openapi';
import { rateLimit, type RateLimitRule } from '../sales-rate-limit';

/** Spec part 8: `/ai/execute` 20 requests per 60 s. */
export const AI_EXECUTE_RATE_LIMIT: RateLimitRule = { limit: 20, windowMs: 60_000 };

export const AiExecuteView = t.type({ sessionId: t.string, message: ChatMessageView });

export interface AiRoutesDeps {
  readonly guards: GuardDeps;
  readonly executeAssistant: ExecuteAssistant;
}

/** POST /ai/execute (CONTRACT 8.4, 8.7): combined credential, every role; the tools follow the role. */
export function aiRoutes(deps: AiRoutesDeps): Router {
  const router = new Router();
  const api = documented(router, { tag: 'AI assistant', security: SALES_SECURITY.jwtOrApiKey });
  const spec = {
    summary:
      'Asks the assistant; its answer is stored in the session (created, titled from the message, without sessionId)',
    description:
      "The model (AI_API_URL, AI_MODEL) gets the session's last 20 messages and read-only tools that run as the " +
      "caller with the caller's role " +
      '(get_sdr_kpis for admin and manager; search_sales, find_contact, find_policies for every role), at most 3 ' +
      'tool rounds. ' +
      "The user's message is stored also when the model is missing or fails. Limit: 20 per 60 s.",
    body: AiExecuteBody,
    responses: {
      200: {
        description:
          'The stored assistant message (`metadata.operationType`: `answer`, or the tools used joined by `+`)',
        body: AiExecuteView,
      },
      400: salesError('The body is invalid (empty or too long message, malformed sessionId, unknown keys)'),
      404: salesError("`Chat session not found` (unknown, or another user's)"),
      502: salesError('`AI service unavailable`: the model failed or did not answer within 30 s'),
      503: salesError('`AI service not configured` (AI_API_URL and AI_MODEL unset); also a database outage'),
    },
  };
  api.post('/ai/execute', spec, rateLimit(AI_EXECUTE_RATE_LIMIT), combinedGuard(deps.guards), async (ctx) => {
    const { message, sessionId } = decodeAiExecute(ctx.request.body);
    const caller = requireIdentity(ctx);
    const out = orHttpError(
      await deps.executeAssistant.execute({ caller, message, ...(sessionId === undefined ? {} : { sessionId }) }),
    );
    ctx.body = { sessionId: out.sessionId, message: chatMessageBody(out.message) };
  });
  return router;
}
