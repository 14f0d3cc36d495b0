import * as E from 'fp-ts/Either';
import type { ChatSession } from '../../domain/assistant/chat';
import type { ChatSessionNotFound } from './errors';
import type { ChatRepository } from './ports';

export class GetChatSession {
  constructor(private readonly chats: ChatRepository) {}

  async execute(input: {
    readonly userId: string;
    readonly id: string;
  }): Promise<E.Either<ChatSessionNotFound, ChatSession>> {
    const session = await this.chats.findOwnedSession(input.userId, input.id);
    return session === undefined ? E.left({ _tag: 'ChatSessionNotFound' }) : E.right(session);
  }
}
