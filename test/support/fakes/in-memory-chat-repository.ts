import type { ChatRepository } from '../../../src/application/assistant/ports';
import { previewOf, type ChatMessage, type ChatRole, type ChatSession, type ChatSessionChanges, type ChatSessionStatus } from '../../../src/domain/assistant/chat';
import { compareBinary } from './binary-order';
import type { Page } from '../../../src/application/shared/page';

interface StoredSession {
  session: ChatSession;
  messages: ChatMessage[];
}

export class InMemoryChatRepository implements ChatRepository {
  private readonly sessions = new Map<string, StoredSession>();

  async insertSession(session: ChatSession): Promise<void> {
    if (this.sessions.has(session.id)) throw new Error(`duplicate chat session id ${session.id}`);
    this.sessions.set(session.id, { session: { ...session }, messages: [] });
  }

  async findOwnedSession(userId: string, id: string): Promise<ChatSession | undefined> {
    const stored = this.sessions.get(id);
    return stored === undefined || stored.session.userId !== userId ? undefined : { ...stored.session };
  }

  async listOwnedSessions(userId: string, status: ChatSessionStatus | undefined, page: number, limit: number): Promise<Page<ChatSession>> {
    const matching = [...this.sessions.values()]
      .map((s) => s.session)
      .filter((s) => s.userId === userId && (status === undefined || s.status === status))
      .sort((a, b) => b.lastActivityAt.getTime() - a.lastActivityAt.getTime() || compareBinary(a.id, b.id));
    return { items: matching.slice((page - 1) * limit, page * limit).map((s) => ({ ...s })), total: matching.length };
  }

  async updateOwnedSession(userId: string, id: string, changes: ChatSessionChanges, at: Date): Promise<ChatSession | undefined> {
    const stored = this.sessions.get(id);
    if (stored === undefined || stored.session.userId !== userId) return undefined;
    stored.session = { ...stored.session, ...changes, updatedAt: at };
    return { ...stored.session };
  }

  async deleteOwnedSession(userId: string, id: string): Promise<boolean> {
    const stored = this.sessions.get(id);
    if (stored === undefined || stored.session.userId !== userId) return false;
    this.sessions.delete(id);
    return true;
  }

  async appendOwnedMessage(userId: string, message: Omit<ChatMessage, 'createdAt'>, at: Date): Promise<'appended' | 'not-found'> {
    const stored = this.sessions.get(message.sessionId);
    if (stored === undefined || stored.session.userId !== userId) return 'not-found';
    stored.messages.push({ ...message, createdAt: at });
    stored.session = { ...stored.session, messageCount: stored.session.messageCount + 1, preview: previewOf(message.content), lastActivityAt: at, updatedAt: at };
    return 'appended';
  }

  async history(sessionId: string, role: ChatRole | undefined, offset: number, limit: number): Promise<Page<ChatMessage>> {
    const matching = (this.sessions.get(sessionId)?.messages ?? []).filter((m) => role === undefined || m.role === role);
    return { items: matching.slice(offset, offset + limit).map((m) => ({ ...m })), total: matching.length };
  }

  async lastMessages(sessionId: string, count: number): Promise<ChatMessage[]> {
    return (this.sessions.get(sessionId)?.messages ?? []).slice(-count).map((m) => ({ ...m }));
  }
}
