import type { Collection, Db } from 'mongodb';
import type { ChatMessageMetadata, ChatRole, ChatSessionStatus } from '../../../domain/assistant/chat';
import { personalTokensOf } from '../../../domain/shared/personal-tokens';
import type { CollectionIndexes } from '../shared/collection-indexes';
import type { DerivedField } from '../shared/derived-fields';

export const CHAT_SESSIONS = 'chat_sessions';
export const CHAT_MESSAGES = 'chat_messages';

/**
 * `messageSeq`: the last message number handed out (an append takes its number before it stores its
 * message; a number whose message never came is a gap, invisible). `messageCount`, `preview` and
 * `lastActivityAt` are derived from the stored messages (CONTRACT 10.2 class (d)): each append, after
 * storing its message, recounts them and writes the result only if it counts at least as many messages
 * and ends at least as far (`countedSeq`, the number of the last message counted) as what is stored, so
 * a recount that saw fewer messages never overwrites one that saw more. Documents written before
 * `countedSeq` existed lack it (null).
 */
export interface ChatSessionDocument {
  _id: string;
  userId: string;
  title: string;
  description: string;
  status: ChatSessionStatus;
  messageCount: number;
  messageSeq: number;
  /** The number of the last message `messageCount` and `preview` count (0 without messages). */
  countedSeq?: number | null;
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
  /**
   * The CPFs, phones and e-mails the content names (domain/shared/personal-tokens.ts), derived at write
   * time so a data subject's messages are one indexed lookup (CONTRACT 12.1). Messages written before it
   * existed get it from the upgrade fill (index `by_personal_token_id`) or check-data `chat-message-tokens`.
   */
  personalTokens?: string[];
}

/** A data subject's messages by a value their text names (CONTRACT 12.1): stored by every write, erasure included. */
export const chatMessageTokens: DerivedField<'content', string[]> = {
  field: 'personalTokens',
  sources: ['content'],
  derive: ({ content }) => (typeof content === 'string' ? personalTokensOf(content) : []),
};

export const chatSessionsCollection = (db: Db): Collection<ChatSessionDocument> =>
  db.collection<ChatSessionDocument>(CHAT_SESSIONS);
export const chatMessagesCollection = (db: Db): Collection<ChatMessageDocument> =>
  db.collection<ChatMessageDocument>(CHAT_MESSAGES);

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
    // The history in its order, the model's context (the last messages) and the recount of an append.
    // Not unique: the number comes from an atomic $inc on the session, which never hands one out twice.
    { key: { sessionId: 1, seq: 1 }, name: 'session_seq' },
    // A data subject's messages (CONTRACT 12.1): by a personal value their text names. It replaces
    // `by_personal_token` ({personalTokens: 1}), built when older messages had no tokens: a new index, so an
    // upgraded database fills them before building it; a new key too, as a mongod refuses the same key under a
    // second name, and dropping the old one would stop an older copy from starting (docs/decisions.md).
    { key: { personalTokens: 1, _id: 1 }, name: 'by_personal_token_id', derives: chatMessageTokens },
  ],
};

/**
 * The stages that tally each session's messages: its count and its last message. Newest first in the
 * order of the session_seq index (reversed), so each group's first is the last message of the history
 * (only $sum and $first: the jongodb subset).
 */
export const LAST_MESSAGE_TALLY = [
  { $sort: { sessionId: -1, seq: -1 } },
  {
    $group: {
      _id: '$sessionId',
      count: { $sum: 1 },
      seq: { $first: '$seq' },
      content: { $first: '$content' },
      at: { $first: '$createdAt' },
    },
  },
];
