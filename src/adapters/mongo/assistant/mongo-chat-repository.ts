import type { Db, Filter } from 'mongodb';
import type { ChatRepository } from '../../../application/assistant/ports';
import {
  previewOf,
  type ChatMessage,
  type ChatRole,
  type ChatSession,
  type ChatSessionChanges,
  type ChatSessionStatus,
} from '../../../domain/assistant/chat';
import {
  chatMessagesCollection,
  chatMessageTokens,
  chatSessionsCollection,
  type ChatMessageDocument,
  type ChatSessionDocument,
  LAST_MESSAGE_TALLY,
} from './chat-collections';
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

  async listOwnedSessions(
    userId: string,
    status: ChatSessionStatus | undefined,
    page: number,
    limit: number,
  ): Promise<Page<ChatSession>> {
    const filter: Filter<ChatSessionDocument> = status === undefined ? { userId } : { userId, status };
    const [docs, total] = await Promise.all([
      this.sessions.find(filter, { sort: { lastActivityAt: -1, _id: 1 }, skip: (page - 1) * limit, limit }).toArray(),
      this.sessions.countDocuments(filter),
    ]);
    return { items: docs.map(toChatSession), total };
  }

  async updateOwnedSession(
    userId: string,
    id: string,
    changes: ChatSessionChanges,
    at: Date,
  ): Promise<ChatSession | undefined> {
    const doc = await this.sessions.findOneAndUpdate(
      { _id: id, userId },
      { $set: { ...changes, updatedAt: at } },
      { returnDocument: 'after' },
    );
    return doc === null ? undefined : toChatSession(doc);
  }

  async deleteOwnedSession(userId: string, id: string): Promise<boolean> {
    // The session goes first: its removal is the delete's visible effect and its commit point (the
    // history needs the session). Its messages follow; a crash between leaves them unreachable, and
    // removing them later completes this delete (CONTRACT 10.2 class (c)).
    const { deletedCount } = await this.sessions.deleteOne({ _id: id, userId });
    if (deletedCount === 0) {
      // Not the caller's session. When no session has this id at all, messages still under it are
      // what a delete that died (or an append that landed after a delete) left: the retried delete
      // finishes the job. Another user's session keeps its messages.
      if ((await this.sessions.countDocuments({ _id: id }, { limit: 1 })) === 0)
        await this.messages.deleteMany({ sessionId: id });
      return false;
    }
    await this.messages.deleteMany({ sessionId: id });
    return true;
  }

  async appendOwnedMessage(
    userId: string,
    message: Omit<ChatMessage, 'createdAt'>,
    at: Date,
  ): Promise<'appended' | 'not-found'> {
    // 1. The number: the session's next, taken by a conditional update on the one read and matched by id and
    //    owner (another user's session is not found), so never handed out twice. Not a findAndModify with `$inc`:
    //    on jongodb concurrent ones can answer the same number (CONTRACT 1.1). A crash after it leaves a gap in `seq`.
    const seq = await this.nextMessageSeq(message.sessionId, userId, at);
    if (seq === undefined) return 'not-found';
    // 2. The message: the commit point. 3. The counters, recomputed from the stored messages.
    await this.messages.insertOne({
      _id: message.id,
      sessionId: message.sessionId,
      seq,
      role: message.role,
      content: message.content,
      metadata: message.metadata,
      createdAt: at,
      personalTokens: chatMessageTokens.derive(message),
    });
    await this.recount(message.sessionId);
    return 'appended';
  }

  private async nextMessageSeq(sessionId: string, userId: string, at: Date): Promise<number | undefined> {
    for (;;) {
      const session = await this.sessions.findOne({ _id: sessionId, userId });
      if (session === null) return undefined;
      const seq = session.messageSeq + 1;
      const taken = await this.sessions.updateOne(
        { _id: sessionId, userId, messageSeq: session.messageSeq },
        { $set: { messageSeq: seq, updatedAt: at } },
      );
      if (taken.matchedCount === 1) return seq;
    }
  }

  async recount(sessionId: string): Promise<void> {
    // The session's messages, newest first in the order of the session_seq index (reversed): the
    // group's first is the last message of the history (only $sum and $first: the jongodb subset).
    const [tally] = await this.messages
      .aggregate<{ count: number; seq: number; content: string; at: Date }>([
        { $match: { sessionId } },
        ...LAST_MESSAGE_TALLY,
      ])
      .toArray();
    if (tally === undefined) return;
    // Written only over counters of no more messages and no later last message: messages are only
    // added (a session's go all at once, with it), so of two recounts the one that saw more wins
    // whatever order they land in, and the recount of the last append to store its message sees all.
    await this.sessions.updateOne(
      {
        _id: sessionId,
        messageCount: { $lte: tally.count },
        $or: [{ countedSeq: { $lte: tally.seq } }, { countedSeq: null }],
      },
      {
        $set: {
          messageCount: tally.count,
          countedSeq: tally.seq,
          preview: previewOf(tally.content),
          lastActivityAt: tally.at,
        },
      },
    );
  }

  async history(
    sessionId: string,
    role: ChatRole | undefined,
    offset: number,
    limit: number,
  ): Promise<Page<ChatMessage>> {
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
