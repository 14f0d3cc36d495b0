import * as E from 'fp-ts/Either';
import type { ChatSession, ChatSessionStatus } from '../../domain/assistant/chat';
import type { ChatRepository } from './ports';
import type { Page } from '../shared/page';

export interface ListChatSessionsInput {
  readonly userId: string;
  readonly status?: ChatSessionStatus;
  readonly page: number;
  readonly limit: number;
}

/** GET /api/chat-sessions (CONTRACT 8.4): the caller's own, newest activity first. */
export class ListChatSessions {
  constructor(private readonly chats: ChatRepository) {}

  async execute(input: ListChatSessionsInput): Promise<E.Either<never, Page<ChatSession>>> {
    return E.right(await this.chats.listOwnedSessions(input.userId, input.status, input.page, input.limit));
  }
}
