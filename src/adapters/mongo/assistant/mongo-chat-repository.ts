import type { Db, Filter } from 'mongodb';
import type { ChatRepository } from '../../../application/assistant/ports';
import { previewOf, type ChatMessage, type ChatRole, type ChatSession, type ChatSessionChanges, type ChatSessionStatus } from '../../../domain/assistant/chat';
import { chatMessagesCollection, chatSessionsCollection, type ChatMessageDocument, type ChatSessionDocument } from './chat-collections';
import { toChatMessage, toChatSession, toChatSessionDocument } from './chat-mapper';
import type { Page } from '../../../application/shared/page';

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

  async listOwnedSessions(userId: string, status: ChatSessionStatus | undefined, page: number, limit: number): Promise<Page<ChatSession>> {
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

  async appendOwnedMessage(userId: string, message: Omit<ChatMessage, 'createdAt'>, at: Date): Promise<'appended' | 'not-found'> {
    // One atomic update numbers the message, counts it and shows it: the number it hands out is the
    // highest so far, so whichever of several concurrent appends runs last on the session document is
    // also the highest-numbered message, the last of the history.
    const numbered = await this.sessions.findOneAndUpdate(
      { _id: message.sessionId, userId },
      { $inc: { messageSeq: 1, messageCount: 1 }, $set: { preview: previewOf(message.content), lastActivityAt: at, updatedAt: at } },
      { returnDocument: 'after' },
    );
    if (numbered === null) return 'not-found';
    await this.messages.insertOne({ _id: message.id, sessionId: message.sessionId, seq: numbered.messageSeq, role: message.role, content: message.content, metadata: message.metadata, createdAt: at });
    return 'appended';
  }

  async history(sessionId: string, role: ChatRole | undefined, offset: number, limit: number): Promise<Page<ChatMessage>> {
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
