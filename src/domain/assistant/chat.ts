import * as E from 'fp-ts/Either';
import { characterCount } from '../shared/text';

/**
 * The assistant's conversations (spec sales part 2 Chat session and Chat message, part 3, CONTRACT
 * 8.4): a session belongs to one user; its messages are numbered in the order the store accepted them.
 */
export const CHAT_SESSION_STATUSES = ['active', 'archived'] as const;
export type ChatSessionStatus = (typeof CHAT_SESSION_STATUSES)[number];

export const CHAT_ROLES = ['user', 'assistant'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

export interface ChatSession {
  readonly id: string;
  /** The owner: nobody else sees, changes or deletes it. */
  readonly userId: string;
  readonly title: string;
  readonly description: string;
  readonly status: ChatSessionStatus;
  readonly messageCount: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  /** The last message's time, else `createdAt`. */
  readonly lastActivityAt: Date;
  /** The first 120 characters of the last message; empty without messages. */
  readonly preview: string;
}

/** What the assistant records about an answer: `answer`, or the tools it used joined by `+`. */
export interface ChatMessageMetadata {
  readonly operationType: string;
  readonly executionTimeMs: number;
}

export interface ChatMessage {
  readonly id: string;
  readonly sessionId: string;
  readonly role: ChatRole;
  readonly content: string;
  /** The assistant's answers carry it; the user's messages do not. */
  readonly metadata: ChatMessageMetadata | null;
  readonly createdAt: Date;
}

export const MAX_TITLE_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 1000;
export const MAX_MESSAGE_LENGTH = 4000;
export const PREVIEW_LENGTH = 120;
/** The title of a session created without one. */
export const DEFAULT_TITLE = 'Nova conversa';
/** CONTRACT 8.4: the messages sent to the model, the new one included. */
export const CONTEXT_MESSAGES = 20;
/** A title made from a message keeps at most this many characters. */
const TITLE_FROM_MESSAGE_LENGTH = 80;

/** Lengths are counted in characters (code points, characterCount), so accented text is not shorter than it looks. */
const length = characterCount;
const firstCharacters = (text: string, n: number): string => [...text].slice(0, n).join('');

/** A title: trimmed, 1 to 200 characters. */
export function parseChatTitle(input: string): E.Either<string, string> {
  const title = input.trim();
  if (title === '') return E.left('title must not be empty');
  if (length(title) > MAX_TITLE_LENGTH) return E.left(`title must be at most ${MAX_TITLE_LENGTH} characters`);
  return E.right(title);
}

/** A description: trimmed, up to 1000 characters (empty allowed). */
export function parseChatDescription(input: string): E.Either<string, string> {
  const description = input.trim();
  if (length(description) > MAX_DESCRIPTION_LENGTH)
    return E.left(`description must be at most ${MAX_DESCRIPTION_LENGTH} characters`);
  return E.right(description);
}

/** A message to the assistant: 1 to 4000 characters, not blank (kept as written). */
export function parseChatMessage(input: string): E.Either<string, string> {
  if (input.trim() === '') return E.left('message must not be empty');
  if (length(input) > MAX_MESSAGE_LENGTH) return E.left(`message must be at most ${MAX_MESSAGE_LENGTH} characters`);
  return E.right(input);
}

/** The title of a session opened by its first message: that message on one line, shortened with an ellipsis. */
export function titleFromMessage(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  if (line === '') return DEFAULT_TITLE;
  return length(line) <= TITLE_FROM_MESSAGE_LENGTH
    ? line
    : `${firstCharacters(line, TITLE_FROM_MESSAGE_LENGTH - 1).trimEnd()}…`;
}

/** CONTRACT 8.4: the first 120 characters of a message. */
export const previewOf = (content: string): string => firstCharacters(content, PREVIEW_LENGTH);

export function newChatSession(input: {
  id: string;
  userId: string;
  title?: string;
  description?: string;
  at: Date;
}): ChatSession {
  return {
    id: input.id,
    userId: input.userId,
    title: input.title ?? DEFAULT_TITLE,
    description: input.description ?? '',
    status: 'active',
    messageCount: 0,
    createdAt: input.at,
    updatedAt: input.at,
    lastActivityAt: input.at,
    preview: '',
  };
}

/** The changes of PUT /api/chat-sessions/{id}: at least one of them. */
export interface ChatSessionChanges {
  readonly title?: string;
  readonly description?: string;
  readonly status?: ChatSessionStatus;
}
