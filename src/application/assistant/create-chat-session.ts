import * as E from 'fp-ts/Either';
import { newChatSession, type ChatSession } from '../../domain/assistant/chat';
import type { Clock, IdGenerator } from '../shared/ports';
import type { ChatRepository } from './ports';

export interface CreateChatSessionInput {
  readonly userId: string;
  /** Already trimmed and checked (parseChatTitle, parseChatDescription). */
  readonly title?: string;
  readonly description?: string;
}

/** POST /api/chat-sessions (CONTRACT 8.4). */
export class CreateChatSession {
  constructor(
    private readonly chats: ChatRepository,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(input: CreateChatSessionInput): Promise<E.Either<never, ChatSession>> {
    const session = newChatSession({ ...input, id: this.ids.next(), at: this.clock.now() });
    await this.chats.insertSession(session);
    return E.right(session);
  }
}
