import type { Db, Filter } from 'mongodb';
import type { ChatPage, ChatRepository } from '../../../application/assistant/ports';
import { previewOf, type ChatMessage, type ChatRole, type ChatSession, type ChatSessionChanges, type ChatSessionStatus } from '../../../domain/assistant/chat';
import { chatMessagesCollection, chatSessionsCollection, type ChatMessageDocument, type ChatSessionDocument } from './chat-collections';
import { toChatMessage, toChatSession, toChatSessionDocument } from './chat-mapper';

export class MongoChatRepository implements ChatRepository {
  constructor(private readonly db: Db) {}

  private get sessions() {
    return chatSessionsCollection(this.db);
  }

  private get messages() {
    return chatMessagesCollection(this.db);
  }

  async insertSession(session: ChatSession): Promise<void> {
    await this.sessions.insertOne(toChatSessionDocument(session));
  }

  async findOwnedSession(userId: string, id: string): Promise<ChatSession | undefined> {
    const doc = await this.sessions.findOne({ _id: id, userId });
    return doc === null ? undefined : toChatSession(doc);
  }

  async listOwnedSessions(userId: string, status: ChatSessionStatus | undefined, page: number, limit: number): Promise<ChatPage<ChatSession>> {
    const filter: Filter<ChatSessionDocument> = status === undefined ? { userId } : { userId, status };
    const [docs, total] = await Promise.all([
      this.sessions.find(filter, { sort: { lastActivityAt: -1, _id: 1 }, skip: (page - 1) * limit, limit }).toArray(),
      this.sessions.countDocuments(filter),
    ]);
    return { items: docs.map(toChatSession), total };
  }

  async updateOwnedSession(userId: string, id: string, changes: ChatSessionChanges, at: Date): Promise<ChatSession | undefined> {
    const doc = await this.sessions.findOneAndUpdate({ _id: id, userId }, { $set: { ...changes, updatedAt: at } }, { returnDocument: 'after' });
    return doc === null ? undefined : toChatSession(doc);
  }

  async deleteOwnedSession(userId: string, id: string): Promise<boolean> {
    const { deletedCount } = await this.sessions.deleteOne({ _id: id, userId });
    if (deletedCount === 0) return false;
    await this.messages.deleteMany({ sessionId: id });
    return true;
  }

  async appendMessage(message: Omit<ChatMessage, 'createdAt'>, at: Date): Promise<'appended' | 'not-found'> {
    // 1. A number of its own ($inc is atomic: concurrent appends get different numbers).
    const numbered = await this.sessions.findOneAndUpdate({ _id: message.sessionId }, { $inc: { messageSeq: 1 } }, { returnDocument: 'after' });
    if (numbered === null) return 'not-found';
    const seq = numbered.messageSeq;
    const doc: ChatMessageDocument = { _id: message.id, sessionId: message.sessionId, seq, role: message.role, content: message.content, metadata: message.metadata, createdAt: at };
    await this.messages.insertOne(doc);
    // 2. Counted once, and shown only when no later-numbered message is shown already.
    const shown = await this.sessions.updateOne(
      { _id: message.sessionId, lastSeq: { $lt: seq } },
      { $inc: { messageCount: 1 }, $set: { lastSeq: seq, preview: previewOf(message.content), lastActivityAt: at, updatedAt: at } },
    );
    if (shown.matchedCount === 1) return 'appended';
    const counted = await this.sessions.updateOne({ _id: message.sessionId }, { $inc: { messageCount: 1 } });
    if (counted.matchedCount === 1) return 'appended';
    // The session was deleted between the two steps: its messages go with it.
    await this.messages.deleteOne({ _id: message.id });
    return 'not-found';
  }

  async history(sessionId: string, role: ChatRole | undefined, offset: number, limit: number): Promise<ChatPage<ChatMessage>> {
    const filter: Filter<ChatMessageDocument> = role === undefined ? { sessionId } : { sessionId, role };
    const [docs, total] = await Promise.all([
      this.messages.find(filter, { sort: { sessionId: 1, seq: 1 }, skip: offset, limit }).toArray(),
      this.messages.countDocuments(filter),
    ]);
    return { items: docs.map(toChatMessage), total };
  }

  async lastMessages(sessionId: string, count: number): Promise<ChatMessage[]> {
    const docs = await this.messages.find({ sessionId }, { sort: { sessionId: -1, seq: -1 }, limit: count }).toArray();
    return docs.reverse().map(toChatMessage);
  }
}
