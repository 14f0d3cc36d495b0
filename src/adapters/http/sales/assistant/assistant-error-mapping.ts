import type { AiNotConfigured, AiUnavailable, ChatSessionNotFound } from '../../../../application/assistant/errors';
import type { ErrorMapping } from '../../shared/errors/error-mapping';
import { HttpError } from '../../shared/errors/http-error';

/** The errors of the chat-session and assistant routes. */
export type AssistantRouteError = ChatSessionNotFound | AiNotConfigured | AiUnavailable;

/** CONTRACT 8.4 and 8.8. */
export const assistantErrors: ErrorMapping<AssistantRouteError> = {
  ChatSessionNotFound: () => new HttpError(404, 'Chat session not found'),
  AiNotConfigured: () => new HttpError(503, 'AI service not configured'),
  AiUnavailable: () => new HttpError(502, 'AI service unavailable'),
};
