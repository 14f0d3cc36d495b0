import * as t from 'io-ts';
import {
  CHAT_ROLES,
  CHAT_SESSION_STATUSES,
  type ChatMessage,
  type ChatSession,
} from '../../../../domain/assistant/chat';
import { nullable, oneOf } from '../../shared/decoding/codecs';
import { Integer, IsoTimestamp } from '../../shared/openapi/json-schema';

export const ChatSessionView = t.type({
  id: t.string,
  userId: t.string,
  title: t.string,
  description: t.string,
  status: oneOf(CHAT_SESSION_STATUSES),
  messageCount: Integer,
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
  lastActivityAt: IsoTimestamp,
  preview: t.string,
});

export const ChatMessageView = t.type({
  id: t.string,
  sessionId: t.string,
  role: oneOf(CHAT_ROLES),
  content: t.string,
  metadata: nullable(t.type({ operationType: t.string, executionTimeMs: Integer })),
  createdAt: IsoTimestamp,
});

export const ChatHistoryView = t.type({
  sessionId: t.string,
  messages: t.array(ChatMessageView),
  total: Integer,
  limit: Integer,
  offset: Integer,
});

/** Spec part 2 Chat session. */
export const chatSessionBody = (session: ChatSession): t.TypeOf<typeof ChatSessionView> => ({
  id: session.id,
  userId: session.userId,
  title: session.title,
  description: session.description,
  status: session.status,
  messageCount: session.messageCount,
  createdAt: session.createdAt.toISOString(),
  updatedAt: session.updatedAt.toISOString(),
  lastActivityAt: session.lastActivityAt.toISOString(),
  preview: session.preview,
});

/** Spec part 2 Chat message. */
export const chatMessageBody = (message: ChatMessage): t.TypeOf<typeof ChatMessageView> => ({
  id: message.id,
  sessionId: message.sessionId,
  role: message.role,
  content: message.content,
  metadata:
    message.metadata === null
      ? null
      : { operationType: message.metadata.operationType, executionTimeMs: message.metadata.executionTimeMs },
  createdAt: message.createdAt.toISOString(),
});
