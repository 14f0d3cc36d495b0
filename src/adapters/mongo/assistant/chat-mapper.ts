import type { ChatMessage, ChatSession } from '../../../domain/assistant/chat';
import type { ChatMessageDocument, ChatSessionDocument } from './chat-collections';

export const toChatSessionDocument = ({ id, ...rest }: ChatSession): ChatSessionDocument => ({
  _id: id,
  ...rest,
  messageSeq: 0,
  countedSeq: 0,
});

export function toChatSession(doc: ChatSessionDocument): ChatSession {
  return {
    id: doc._id,
    userId: doc.userId,
    title: doc.title,
    description: doc.description,
    status: doc.status,
    messageCount: doc.messageCount,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    lastActivityAt: doc.lastActivityAt,
    preview: doc.preview,
  };
}

export function toChatMessage(doc: ChatMessageDocument): ChatMessage {
  return {
    id: doc._id,
    sessionId: doc.sessionId,
    role: doc.role,
    content: doc.content,
    metadata: doc.metadata,
    createdAt: doc.createdAt,
  };
}
