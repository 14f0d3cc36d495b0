import * as E from 'fp-ts/Either';
import type { ChatSession, ChatSessionChanges } from '../../domain/assistant/chat';
import type { Clock } from '../shared/ports';
import type { ChatSessionNotFound } from './errors';
import type { ChatRepository } from './ports';

/** PUT /api/chat-sessions/{id} (CONTRACT 8.4): title, description, status (active and archived both ways). */
export class UpdateChatSession {
  constructor(
    private readonly chats: ChatRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: {
    readonly userId: string;
    readonly id: string;
    readonly changes: ChatSessionChanges;
  }): Promise<E.Either<ChatSessionNotFound, ChatSession>> {
    const session = await this.chats.updateOwnedSession(input.userId, input.id, input.changes, this.clock.now());
    return session === undefined ? E.left({ _tag: 'ChatSessionNotFound' }) : E.right(session);
  }
}
