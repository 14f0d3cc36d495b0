import type { ChatRepository } from '../../../src/application/assistant/ports';
import {
  previewOf,
  type ChatMessage,
  type ChatRole,
  type ChatSession,
  type ChatSessionChanges,
  type ChatSessionStatus,
} from '../../../src/domain/assistant/chat';
import { compareBinary } from './binary-order';
import type { CrashSwitch } from './crash-switch';
import type { Page } from '../../../src/application/shared/page';

interface StoredSession {
  session: ChatSession;
  /** The last message number handed out. */
  messageSeq: number;
  /** The number of the last message the counters count. */
  countedSeq: number;
}

interface StoredMessage {
  message: ChatMessage;
  seq: number;
}

/**
 * Sessions and messages kept apart, as the two collections are, and written in the adapter's order
 * (CONTRACT 10.2): an append numbers, stores the message, then recounts (only over counters of fewer
 * messages); a delete removes the session, then its messages. Each write asks `crash` first and yields
 * to other callers between writes, so a test can kill a use case between two of them and concurrent
 * calls interleave as they do on the database.
 */
export class InMemoryChatRepository implements ChatRepository {
  private readonly sessions = new Map<string, StoredSession>();
  /** By session id, in `seq` order; they outlive their session when a delete dies between its writes. */
  private readonly messages = new Map<string, StoredMessage[]>();

  constructor(private readonly crash?: CrashSwitch) {}

  private async write(label: string): Promise<void> {
    await Promise.resolve();
    this.crash?.beforeWrite(label);
  }

  async insertSession(session: ChatSession): Promise<void> {
    await this.write('chat_sessions.insertOne');
    if (this.sessions.has(session.id)) throw new Error(`duplicate chat session id ${session.id}`);
    this.sessions.set(session.id, { session: { ...session }, messageSeq: 0, countedSeq: 0 });
  }

  async findOwnedSession(userId: string, id: string): Promise<ChatSession | undefined> {
    const stored = this.owned(userId, id);
    return stored === undefined ? undefined : { ...stored.session };
  }

  async listOwnedSessions(
    userId: string,
    status: ChatSessionStatus | undefined,
    page: number,
    limit: number,
  ): Promise<Page<ChatSession>> {
    const matching = [...this.sessions.values()]
      .map((s) => s.session)
      .filter((s) => s.userId === userId && (status === undefined || s.status === status))
      .sort((a, b) => b.lastActivityAt.getTime() - a.lastActivityAt.getTime() || compareBinary(a.id, b.id));
    return { items: matching.slice((page - 1) * limit, page * limit).map((s) => ({ ...s })), total: matching.length };
  }

  async updateOwnedSession(
    userId: string,
    id: string,
    changes: ChatSessionChanges,
    at: Date,
  ): Promise<ChatSession | undefined> {
    await this.write('chat_sessions.findOneAndUpdate');
    const stored = this.owned(userId, id);
    if (stored === undefined) return undefined;
    stored.session = { ...stored.session, ...changes, updatedAt: at };
    return { ...stored.session };
  }

  async deleteOwnedSession(userId: string, id: string): Promise<boolean> {
    await this.write('chat_sessions.deleteOne');
    if (this.owned(userId, id) === undefined) {
      if (this.sessions.has(id)) return false;
      // No session has this id: messages left under it are a dead delete's, finished here.
      await this.write('chat_messages.deleteMany');
      this.messages.delete(id);
      return false;
    }
    this.sessions.delete(id);
    await this.write('chat_messages.deleteMany');
    this.messages.delete(id);
    return true;
  }

  async appendOwnedMessage(
    userId: string,
    message: Omit<ChatMessage, 'createdAt'>,
    at: Date,
  ): Promise<'appended' | 'not-found'> {
    await this.write('chat_sessions.findOneAndUpdate');
    const stored = this.owned(userId, message.sessionId);
    if (stored === undefined) return 'not-found';
    stored.messageSeq += 1;
    stored.session = { ...stored.session, updatedAt: at };
    const seq = stored.messageSeq;
    await this.write('chat_messages.insertOne');
    const list = this.messages.get(message.sessionId) ?? [];
    let position = list.length;
    while (position > 0 && (list[position - 1] as StoredMessage).seq > seq) position -= 1;
    list.splice(position, 0, { message: { ...message, createdAt: at }, seq });
    this.messages.set(message.sessionId, list);
    await this.recount(message.sessionId);
    return 'appended';
  }

  async recount(sessionId: string): Promise<void> {
    const list = this.messages.get(sessionId) ?? [];
    const last = list.at(-1);
    if (last === undefined) return;
    const count = list.length;
    await this.write('chat_sessions.updateOne');
    const stored = this.sessions.get(sessionId);
    if (stored === undefined || stored.session.messageCount > count || stored.countedSeq > last.seq) return;
    stored.countedSeq = last.seq;
    stored.session = {
      ...stored.session,
      messageCount: count,
      preview: previewOf(last.message.content),
      lastActivityAt: last.message.createdAt,
    };
  }

  async history(
    sessionId: string,
    role: ChatRole | undefined,
    offset: number,
    limit: number,
  ): Promise<Page<ChatMessage>> {
    const matching = (this.messages.get(sessionId) ?? []).filter(
      ({ message }) => role === undefined || message.role === role,
    );
    return {
      items: matching.slice(offset, offset + limit).map(({ message }) => ({ ...message })),
      total: matching.length,
    };
  }

  async lastMessages(sessionId: string, count: number): Promise<ChatMessage[]> {
    return (this.messages.get(sessionId) ?? []).slice(-count).map(({ message }) => ({ ...message }));
  }

  /** The ids of sessions that have messages but no session (what check-data's chat-message-session reports). */
  orphanSessionIds(): string[] {
    return [...this.messages.entries()]
      .filter(([sessionId, list]) => list.length > 0 && !this.sessions.has(sessionId))
      .map(([sessionId]) => sessionId);
  }

  private owned(userId: string, id: string): StoredSession | undefined {
    const stored = this.sessions.get(id);
    return stored === undefined || stored.session.userId !== userId ? undefined : stored;
  }
}
