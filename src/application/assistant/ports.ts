import type * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import type {
  ChatMessage,
  ChatRole,
  ChatSession,
  ChatSessionChanges,
  ChatSessionStatus,
} from '../../domain/assistant/chat';
import { token, type Token } from '../shared/token';
import type { Page } from '../shared/page';

/**
 * The chat sessions and their messages. Sessions are scoped to their owner: another user's session
 * does not exist for the caller. A session's `messageCount`, `preview` and `lastActivityAt` are derived
 * from its stored messages: every append recomputes them after storing its message, and a recount
 * only ever replaces counters of fewer messages, so they end right under concurrent appends and the
 * preview is the last message of the history.
 */
export interface ChatRepository {
  insertSession(session: ChatSession): Promise<void>;
  findOwnedSession(userId: string, id: string): Promise<ChatSession | undefined>;
  /** The owner's sessions, of one status when given; newest `lastActivityAt` first. */
  listOwnedSessions(
    userId: string,
    status: ChatSessionStatus | undefined,
    page: number,
    limit: number,
  ): Promise<Page<ChatSession>>;
  /** The session after the change; undefined when the owner has no session with that id. */
  updateOwnedSession(
    userId: string,
    id: string,
    changes: ChatSessionChanges,
    at: Date,
  ): Promise<ChatSession | undefined>;
  /**
   * Removes the session and its messages; false when the owner has no session with that id. When no
   * session has that id at all, messages left under it (a delete that died) are removed all the same.
   */
  // Crash consistency (CONTRACT 10.2): (c) the session's delete (the commit point), then its messages'; a crash between
  // leaves messages no reader reaches, removed by the retried delete or check-data --repair (chat-message-session).
  deleteOwnedSession(userId: string, id: string): Promise<boolean>;
  /**
   * Stores a message of one of the user's sessions (numbered after every earlier one), then recounts
   * the session; 'not-found' when the user has no such session (also when it is someone else's).
   */
  // Crash consistency (CONTRACT 10.2): (d) the number (atomic), the message (the commit point), then the counters
  // recomputed from the messages; a crash before the recount leaves them one message behind until the next append,
  // recount or check-data --repair.
  appendOwnedMessage(
    userId: string,
    message: Omit<ChatMessage, 'createdAt'>,
    at: Date,
  ): Promise<'appended' | 'not-found'>;
  /**
   * Recomputes the session's `messageCount`, `preview` and `lastActivityAt` from its messages, written
   * only over counters of no more messages (it never counts out an append in flight); nothing for a
   * session without messages or without a session.
   */
  // Crash consistency (CONTRACT 10.2): (d) one conditional update of derived data, idempotent.
  recount(sessionId: string): Promise<void>;
  /** A session's messages, oldest first, of one role when given; `total` counts with that filter. */
  history(sessionId: string, role: ChatRole | undefined, offset: number, limit: number): Promise<Page<ChatMessage>>;
  /** A session's last `count` messages, oldest first. */
  lastMessages(sessionId: string, count: number): Promise<ChatMessage[]>;
}
export const ChatRepository: Token<ChatRepository> = token('ChatRepository');

/** A message of the conversation sent to the model. */
export type ModelMessage =
  | { readonly role: 'system' | 'user'; readonly content: string }
  | { readonly role: 'assistant'; readonly content: string | null; readonly toolCalls?: readonly ModelToolCall[] }
  | { readonly role: 'tool'; readonly toolCallId: string; readonly content: string };

export interface ModelToolCall {
  readonly id: string;
  readonly name: string;
  /** The arguments as the model wrote them: JSON text, not yet trusted. */
  readonly arguments: string;
}

/** A tool as the model is told about it. */
export interface ModelToolSpec {
  readonly name: string;
  readonly description: string;
  /** The arguments' codec (the adapter tells the model its JSON Schema; the tool decodes with it). */
  readonly arguments: t.Any;
}

export interface ModelReply {
  readonly content: string | null;
  readonly toolCalls: readonly ModelToolCall[];
}

/** The model could not answer: an upstream error, an unreadable answer, or the deadline passed. */
export type ModelUnavailable = { readonly _tag: 'ModelUnavailable'; readonly reason: string };

/**
 * An OpenAI-compatible chat model. `signal` carries the deadline of the whole exchange (CONTRACT 8.4:
 * 30 s, retries included): once it fires, the call ends as ModelUnavailable.
 */
export interface AssistantModel {
  complete(request: {
    readonly messages: readonly ModelMessage[];
    readonly tools: readonly ModelToolSpec[];
    readonly signal: AbortSignal;
  }): Promise<E.Either<ModelUnavailable, ModelReply>>;
}
/** The configured model; none when AI_API_URL or AI_MODEL is unset (`/ai/execute` then answers 503). */
export const AssistantModel: Token<AssistantModel | undefined> = token('AssistantModel');
