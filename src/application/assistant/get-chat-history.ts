import * as E from 'fp-ts/Either';
import type { ChatMessage, ChatRole } from '../../domain/assistant/chat';
import type { ChatSessionNotFound } from './errors';
import type { ChatRepository } from './ports';
import type { Page } from '../shared/page';

export interface GetChatHistoryInput {
  readonly userId: string;
  readonly sessionId: string;
  readonly role?: ChatRole;
  readonly offset: number;
  readonly limit: number;
}

/**
 * GET /api/chat-sessions/{id}/history (CONTRACT 8.4): oldest first; the owner only. A full history
 * whose total is not the session's `messageCount` finds counters an append did not get to (it died
 * between its message and its recount, CONTRACT 10.2): it recounts them, the answer unchanged.
 */
export class GetChatHistory {
  constructor(private readonly chats: ChatRepository) {}

  async execute(input: GetChatHistoryInput): Promise<E.Either<ChatSessionNotFound, Page<ChatMessage>>> {
    const session = await this.chats.findOwnedSession(input.userId, input.sessionId);
    if (session === undefined) return E.left({ _tag: 'ChatSessionNotFound' });
    const page = await this.chats.history(session.id, input.role, input.offset, input.limit);
    if (input.role === undefined && page.total !== session.messageCount) await this.chats.recount(session.id);
    return E.right(page);
  }
}
