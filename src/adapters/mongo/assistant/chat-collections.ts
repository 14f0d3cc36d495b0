import type { Collection, Db } from 'mongodb';
import type { ChatMessageMetadata, ChatRole, ChatSessionStatus } from '../../../domain/assistant/chat';
import type { CollectionIndexes } from '../shared/collection-indexes';

export const CHAT_SESSIONS = 'chat_sessions';
export const CHAT_MESSAGES = 'chat_messages';

/**
 * `messageSeq`: the last message number handed out. The same atomic update that takes a number counts
 * the message and sets `preview` and `lastActivityAt` from it, so they always show the highest-numbered
 * message (the last of the history), also under concurrent appends.
 */
export interface ChatSessionDocument {
  _id: string;
  userId: string;
  title: string;
  description: string;
  status: ChatSessionStatus;
  messageCount: number;
  messageSeq: number;
  preview: string;
  createdAt: Date;
  updatedAt: Date;
  lastActivityAt: Date;
}

export interface ChatMessageDocument {
  _id: string;
  sessionId: string;
  /** The message's number in its session: the order of the history. */
  seq: number;
  role: ChatRole;
  content: string;
  metadata: ChatMessageMetadata | null;
  createdAt: Date;
}

export const chatSessionsCollection = (db: Db): Collection<ChatSessionDocument> => db.collection<ChatSessionDocument>(CHAT_SESSIONS);
export const chatMessagesCollection = (db: Db): Collection<ChatMessageDocument> => db.collection<ChatMessageDocument>(CHAT_MESSAGES);

export const chatSessionsIndexes: CollectionIndexes = {
  collection: CHAT_SESSIONS,
  indexes: [
    // The owner's list in its order (newest activity first), with and without the status filter.
    { key: { userId: 1, lastActivityAt: -1, _id: 1 }, name: 'owner_by_activity' },
    { key: { userId: 1, status: 1, lastActivityAt: -1, _id: 1 }, name: 'owner_status_by_activity' },
  ],
};

export const chatMessagesIndexes: CollectionIndexes = {
  collection: CHAT_MESSAGES,
  indexes: [
    // The history in its order and the model's context (the last messages). Not unique: the number
    // comes from an atomic $inc on the session, which never hands one out twice.
    { key: { sessionId: 1, seq: 1 }, name: 'session_seq' },
  ],
};
