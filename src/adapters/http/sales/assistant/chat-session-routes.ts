import Router from '@koa/router';
import type { Context } from 'koa';
import type { CreateChatSession } from '../../../../application/assistant/create-chat-session';
import type { DeleteChatSession } from '../../../../application/assistant/delete-chat-session';
import type { GetChatHistory } from '../../../../application/assistant/get-chat-history';
import type { GetChatSession } from '../../../../application/assistant/get-chat-session';
import type { ListChatSessions } from '../../../../application/assistant/list-chat-sessions';
import type { UpdateChatSession } from '../../../../application/assistant/update-chat-session';
import { documented } from '../../shared/openapi/documented-router';
import {
  ChatHistoryQuery,
  ChatSessionCreateBody,
  ChatSessionListQuery,
  ChatSessionUpdateBody,
  decodeChatHistoryQuery,
  decodeChatSessionCreation,
  decodeChatSessionListQuery,
  decodeChatSessionUpdate,
} from './chat-session-codecs';
import { chatMessageBody, ChatHistoryView, chatSessionBody, ChatSessionView } from './chat-session-views';
import { combinedGuard, type GuardDeps } from '../guards';
import { requireIdentity } from '../request-identity';
import { pageBody, pageView } from '../../shared/decoding/page-query';
import { orHttpError } from '../sales-error-mapping';
import { salesError, SALES_SECURITY } from '../sales-openapi';

export interface ChatSessionRoutesDeps {
  readonly guards: GuardDeps;
  readonly createChatSession: CreateChatSession;
  readonly listChatSessions: ListChatSessions;
  readonly getChatSession: GetChatSession;
  readonly updateChatSession: UpdateChatSession;
  readonly deleteChatSession: DeleteChatSession;
  readonly getChatHistory: GetChatHistory;
}

const notFound = salesError("`Chat session not found` (unknown, or another user's)");
const invalidBody = salesError('The body is invalid (one message per problem; unknown keys are refused)');
const badQuery = salesError('A query parameter is invalid or repeated (one message per problem)');
const id = { id: 'The chat session id' };
const userOf = (ctx: Context): string => requireIdentity(ctx).id;
const sessionOf = (ctx: Context): { userId: string; id: string } => ({ userId: userOf(ctx), id: ctx.params.id ?? '' });

const createSpec = {
  summary: 'Opens a chat session for the calling user (title `Nova conversa` and an empty description when not given)',
  body: ChatSessionCreateBody,
  responses: { 201: { description: 'Created', body: ChatSessionView }, 400: invalidBody },
};
const listSpec = {
  summary: "The calling user's chat sessions, newest activity first",
  query: ChatSessionListQuery,
  responses: { 200: { description: 'A page of sessions', body: pageView(ChatSessionView) }, 400: badQuery },
};
const getSpec = {
  summary: "One of the calling user's chat sessions",
  pathParameters: id,
  responses: { 200: { description: 'The session', body: ChatSessionView }, 404: notFound },
};
const updateSpec = {
  summary: 'Changes the title, the description or the status (active and archived, both ways); at least one of them',
  pathParameters: id,
  body: ChatSessionUpdateBody,
  responses: {
    200: { description: 'The session after the change', body: ChatSessionView },
    400: invalidBody,
    404: notFound,
  },
};
const deleteSpec = {
  summary: 'Deletes a chat session and its messages',
  pathParameters: id,
  responses: { 204: { description: 'Deleted' }, 404: notFound },
};
const historySpec = {
  summary: 'The messages of a session, oldest first',
  pathParameters: id,
  query: ChatHistoryQuery,
  responses: { 200: { description: 'The messages', body: ChatHistoryView }, 400: badQuery, 404: notFound },
};

/** Spec part 4 "Chat sessions", CONTRACT 8.4 and 8.7: combined credential, every role, owner only. */
export function chatSessionRoutes(deps: ChatSessionRoutesDeps): Router {
  const router = new Router({ prefix: '/api/chat-sessions' });
  const api = documented(router, { tag: 'Chat sessions', security: SALES_SECURITY.jwtOrApiKey });
  const guard = combinedGuard(deps.guards);

  api.post('/', createSpec, guard, async (ctx) => {
    const input = decodeChatSessionCreation(ctx.request.body, userOf(ctx));
    const session = orHttpError(await deps.createChatSession.execute(input));
    ctx.status = 201;
    ctx.body = chatSessionBody(session);
  });
  api.get('/', listSpec, guard, async (ctx) => {
    const { status, page, limit } = decodeChatSessionListQuery(ctx.query);
    const input = { userId: userOf(ctx), page, limit, ...(status === undefined ? {} : { status }) };
    ctx.body = pageBody(orHttpError(await deps.listChatSessions.execute(input)), { page, limit }, chatSessionBody);
  });
  api.get('/:id', getSpec, guard, async (ctx) => {
    ctx.body = chatSessionBody(orHttpError(await deps.getChatSession.execute(sessionOf(ctx))));
  });
  api.put('/:id', updateSpec, guard, async (ctx) => {
    const changes = decodeChatSessionUpdate(ctx.request.body);
    ctx.body = chatSessionBody(orHttpError(await deps.updateChatSession.execute({ ...sessionOf(ctx), changes })));
  });
  api.delete('/:id', deleteSpec, guard, async (ctx) => {
    orHttpError(await deps.deleteChatSession.execute(sessionOf(ctx)));
    ctx.status = 204;
  });
  api.get('/:id/history', historySpec, guard, async (ctx) => {
    const input = decodeChatHistoryQuery(ctx.query, userOf(ctx), ctx.params.id ?? '');
    const history = orHttpError(await deps.getChatHistory.execute(input));
    const { limit, offset } = input;
    ctx.body = {
      sessionId: input.sessionId,
      messages: history.items.map(chatMessageBody),
      total: history.total,
      limit,
      offset,
    };
  });
  return router;
}
