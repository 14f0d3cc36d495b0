import * as E from 'fp-ts/Either';
import type { ChatSessionNotFound } from './errors';
import type { ChatRepository } from './ports';

/** DELETE /api/chat-sessions/{id} (CONTRACT 8.4): the session and its messages. */
export class DeleteChatSession {
  constructor(private readonly chats: ChatRepository) {}

  async execute(input: { readonly userId: string; readonly id: string }): Promise<E.Either<ChatSessionNotFound, void>> {
    return (await this.chats.deleteOwnedSession(input.userId, input.id))
      ? E.right(undefined)
      : E.left({ _tag: 'ChatSessionNotFound' });
  }
}
