import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import type { CreateChatSessionInput } from '../../../../application/assistant/create-chat-session';
import type { GetChatHistoryInput } from '../../../../application/assistant/get-chat-history';
import {
  CHAT_ROLES,
  CHAT_SESSION_STATUSES,
  parseChatDescription,
  parseChatMessage,
  parseChatTitle,
  type ChatSessionChanges,
  type ChatSessionStatus,
} from '../../../../domain/assistant/chat';
import { integerFromString, oneOf, uuidString } from '../../shared/decoding/codecs';
import { withSchema, type JsonSchema } from '../../shared/openapi/json-schema';
import { decodeQueryInput, invalidInput, requireJsonObject, validationMessagesOf } from '../decode-input';
import { PageQuery } from '../../shared/decoding/page-query';
import { unknownKeyMessages } from '../../shared/decoding/strict-keys';

/** A string whose failure reads `<field> is required` or `<field> must be a string`, with its wire schema. */
const text = (name: string, schema: JsonSchema) =>
  withSchema(
    new t.Type<string, string>(
      name,
      t.string.is,
      (u, c) =>
        typeof u === 'string' ? t.success(u) : t.failure(u, c, u === undefined ? 'is required' : 'must be a string'),
      t.identity,
    ),
    { type: 'string', ...schema },
  );

const StatusCodec = oneOf(CHAT_SESSION_STATUSES);
const Title = text('ChatTitle', { minLength: 1, maxLength: 200, description: 'Trimmed; 1 to 200 characters' });
const Description = text('ChatDescription', { maxLength: 1000, description: 'Trimmed; up to 1000 characters' });

export const ChatSessionCreateBody = t.partial({ title: Title, description: Description });
export const ChatSessionUpdateBody = t.partial({ title: Title, description: Description, status: StatusCodec });
export const AiExecuteBody = t.intersection([
  t.type({
    message: text('ChatMessageText', { minLength: 1, maxLength: 4000, description: '1 to 4000 characters, not blank' }),
  }),
  t.partial({
    sessionId: uuidString({
      description: 'An own chat session; without it a session is created, titled from the message',
    }),
  }),
]);

/** Decodes an exact body: unknown keys and codec failures, one message each. */
function decodeExact<A>(
  codec: t.Decoder<unknown, A>,
  input: unknown,
  allowed: readonly string[],
): { raw: Record<string, unknown>; value: A | undefined; problems: string[] } {
  const raw = requireJsonObject(input, 'body');
  const decoded = codec.decode(raw);
  return {
    raw,
    value: E.isRight(decoded) ? decoded.right : undefined,
    problems: [...unknownKeyMessages(raw, allowed), ...(E.isLeft(decoded) ? validationMessagesOf(decoded.left) : [])],
  };
}

function checked(
  value: string | undefined,
  parse: (input: string) => E.Either<string, string>,
  problems: string[],
): string | undefined {
  if (value === undefined) return undefined;
  const parsed = parse(value);
  if (E.isLeft(parsed)) {
    problems.push(parsed.left);
    return undefined;
  }
  return parsed.right;
}

/** POST /api/chat-sessions `{title?, description?}` (CONTRACT 8.4: the limits of PUT). */
export function decodeChatSessionCreation(input: unknown, userId: string): CreateChatSessionInput {
  const { value, problems } = decodeExact(ChatSessionCreateBody, input, ['title', 'description']);
  const title = checked(value?.title, parseChatTitle, problems);
  const description = checked(value?.description, parseChatDescription, problems);
  if (problems.length > 0) throw invalidInput([...new Set(problems)]);
  return { userId, ...(title === undefined ? {} : { title }), ...(description === undefined ? {} : { description }) };
}

/** PUT /api/chat-sessions/{id}: at least one of title, description, status. */
export function decodeChatSessionUpdate(input: unknown): ChatSessionChanges {
  const { raw, value, problems } = decodeExact(ChatSessionUpdateBody, input, ['title', 'description', 'status']);
  const title = checked(value?.title, parseChatTitle, problems);
  const description = checked(value?.description, parseChatDescription, problems);
  if (raw.title === undefined && raw.description === undefined && raw.status === undefined)
    problems.push('at least one of title, description, status is required');
  if (problems.length > 0 || value === undefined) throw invalidInput([...new Set(problems)]);
  return {
    ...(title === undefined ? {} : { title }),
    ...(description === undefined ? {} : { description }),
    ...(value.status === undefined ? {} : { status: value.status }),
  };
}

/** POST /ai/execute `{message, sessionId?}`. */
export function decodeAiExecute(input: unknown): { message: string; sessionId?: string } {
  const { value, problems } = decodeExact(AiExecuteBody, input, ['message', 'sessionId']);
  const message = checked(value?.message, parseChatMessage, problems);
  if (problems.length > 0 || message === undefined) throw invalidInput([...new Set(problems)]);
  return { message, ...(value?.sessionId === undefined ? {} : { sessionId: value.sessionId }) };
}

/** GET /api/chat-sessions query (CONTRACT 8.4). */
export const ChatSessionListQuery = t.intersection([PageQuery, t.partial({ status: StatusCodec })]);

/** GET /api/chat-sessions?page&limit&status. */
export function decodeChatSessionListQuery(query: Record<string, unknown>): {
  status?: ChatSessionStatus;
  page: number;
  limit: number;
} {
  const { page, limit, status } = decodeQueryInput(ChatSessionListQuery, query, 'refuse');
  return { page, limit, ...(status === undefined ? {} : { status }) };
}

export const HISTORY_LIMIT = { min: 1, max: 200, fallback: 50 } as const;

/** GET /api/chat-sessions/{id}/history query (CONTRACT 8.4). */
export const ChatHistoryQuery = t.intersection([
  t.type({
    limit: integerFromString(HISTORY_LIMIT),
    offset: integerFromString({ min: 0, max: 1_000_000, fallback: 0 }, { description: 'Messages skipped' }),
  }),
  t.partial({
    role: withSchema(oneOf(CHAT_ROLES), {
      type: 'string',
      enum: [...CHAT_ROLES],
      description: 'Only the messages of that role (`total` counts with it)',
    }),
  }),
]);

/** GET /api/chat-sessions/{id}/history?limit&offset&role (CONTRACT 8.4). */
export function decodeChatHistoryQuery(
  query: Record<string, unknown>,
  userId: string,
  sessionId: string,
): GetChatHistoryInput {
  const { limit, offset, role } = decodeQueryInput(ChatHistoryQuery, query, 'refuse');
  return { userId, sessionId, limit, offset, ...(role === undefined ? {} : { role }) };
}
